"""Count the import cycles and the upward imports among the modules of ``patience``.

    python scripts/import_graph.py          # the two counts
    python scripts/import_graph.py --list   # and each cycle and each upward import

A *cycle* is a group of modules each of which imports the others, directly or
through the rest of the group (a strongly connected component of the graph of
direct imports, with more than one module); imports made inside functions or
only for type checking count too. A *package cycle* is the same among the
members of one package, a subpackage standing for every module in it (what
the ``acyclic`` contract forbids): ``patience.analysis.fair`` importing
``patience.survey.results`` while ``patience.survey.jobs`` imports
``patience.analysis.fair`` is one. An *upward import* is a direct import from a
module of one layer to a module of a higher layer, the layers being the
``layers`` contract of ``pyproject.toml`` (the diagram of docs/design.md, which
``lint-imports`` checks in the test suite); the contract's ignored imports
count here, since they are still in the code.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "patience"


def layers(pyproject: Path = ROOT / "pyproject.toml") -> list[list[str]]:
    """The ``layers`` contract's layers, top first, each as its list of modules."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract.get("id") == "layers":
            return [
                [name.strip() for name in layer.replace("|", ":").split(":")] for layer in contract["layers"]
            ]
    raise SystemExit("pyproject.toml has no import-linter contract with id 'layers'")


def layer_of(module: str, stack: Sequence[Sequence[str]]) -> int | None:
    """The index (0 at the top) of the layer ``module`` is in, or ``None`` when it is in none.

    >>> layer_of("patience.solver.expand", [["patience.kit"], ["patience.solver"]])
    1
    >>> layer_of("patience.kitchen", [["patience.kit"]]) is None
    True
    """
    for index, names in enumerate(stack):
        if any(module == name or module.startswith(name + ".") for name in names):
            return index
    return None


def imports(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    """Every module of the package and the modules of the package it imports directly."""
    return {
        module: {
            other
            for other in graph.find_modules_directly_imported_by(module)
            if other == PACKAGE or other.startswith(PACKAGE + ".")
        }
        for module in graph.modules
        if module == PACKAGE or module.startswith(PACKAGE + ".")
    }


def cycles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm, iterative).

    >>> cycles({"a": ["b"], "b": ["a", "c"], "c": []})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(edges.get(start, ())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(edges.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return sorted(found)


def package_cycles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The cycles among the members of each package (a subpackage standing for all its modules).

    >>> package_cycles({"p": [], "p.a": ["p.b.x"], "p.b": [], "p.b.x": [], "p.b.y": ["p.a"]})
    [['p.a', 'p.b']]
    """
    packages = {module.rsplit(".", 1)[0] for module in edges if "." in module}
    found: list[list[str]] = []
    for package in sorted(packages):
        depth = package.count(".") + 1

        def member(module: str, package: str = package, depth: int = depth) -> str | None:
            if not module.startswith(package + "."):
                return None
            return ".".join(module.split(".")[: depth + 1])

        among: dict[str, set[str]] = {}
        for module, others in edges.items():
            mine = member(module)
            if mine is None:
                continue
            among.setdefault(mine, set())
            for other in others:
                theirs = member(other)
                if theirs is not None and theirs != mine:
                    among[mine].add(theirs)
        found.extend(cycles(among))
    return sorted(found)


def upward(edges: Mapping[str, Iterable[str]], stack: Sequence[Sequence[str]]) -> list[tuple[str, str]]:
    """The direct imports from a lower layer to a higher one.

    >>> upward({"p.low": ["p.high"], "p.high": ["p.low"]}, [["p.high"], ["p.low"]])
    [('p.low', 'p.high')]
    """
    found = []
    for module, others in edges.items():
        mine = layer_of(module, stack)
        if mine is None:
            continue
        for other in others:
            theirs = layer_of(other, stack)
            if theirs is not None and theirs < mine:
                found.append((module, other))
    return sorted(found)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--list", action="store_true", help="list each cycle and each upward import")
    args = parser.parse_args(argv)
    edges = imports(grimp.build_graph(PACKAGE))
    groups = cycles(edges)
    among = package_cycles(edges)
    ups = upward(edges, layers())
    print(f"import cycles: {len(groups)} (modules in them: {sum(len(g) for g in groups)})")
    print(f"package cycles: {len(among)}")
    print(f"upward imports: {len(ups)}")
    if args.list:
        for group in groups:
            print("cycle:", " ".join(group))
        for group in among:
            print("package cycle:", " ".join(group))
        for module, other in ups:
            print("upward:", module, "->", other)
    return 0


if __name__ == "__main__":
    sys.exit(main())
