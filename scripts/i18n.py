"""Extract, update and compile the translation catalogs, in one command.

    python scripts/i18n.py          # extract to patience/locale/patience.pot, update pt_BR and ru, compile
    python scripts/i18n.py --check  # change nothing; exit 1 if anything is out of date or untranslated

Messages are the English strings passed to ``_()``, ``N_()``,
``ngettext()``, ``pgettext()`` and ``NC_()`` (the last two with a context)
anywhere under ``patience/`` (see ``babel.cfg``). The ``.mo``
files are committed, so an install needs no build step; the test suite checks
that they match the ``.po`` files.

The catalogs never hold fuzzy entries: a changed English string becomes a new,
empty entry that must be translated by hand before ``--check`` passes.
"""

from __future__ import annotations

import argparse
import gettext
import io
import string
import sys
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from patience import __version__

ROOT: Final = Path(__file__).resolve().parent.parent
SOURCE_DIR: Final = ROOT / "patience"
LOCALE_DIR: Final = SOURCE_DIR / "locale"
DOMAIN: Final = "patience"
TEMPLATE: Final = LOCALE_DIR / f"{DOMAIN}.pot"
#: Languages with a catalog, and their gettext plural rules (set explicitly, not taken from CLDR,
#: whose Portuguese rule has a third form for millions that gettext tools do not expect).
PLURAL_FORMS: Final = {
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
          "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
LOCALES: Final = tuple(PLURAL_FORMS)
#: Keyword -> argument positions of the messages (``ngettext`` has singular and plural).
KEYWORDS: Final = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "NC_": ((1, "c"), 2)}
MAPPING_FILE: Final = ROOT / "babel.cfg"
COMMENT_TAGS: Final = ("TRANSLATORS:",)
LANGUAGE_NAMES: Final = {"pt_BR": "Portuguese (Brazil)", "ru": "Russian"}
AUTHORS: Final = "the patience developers"
#: A fixed date for the catalog headers, so re-running the command changes no file needlessly.
HEADER_DATE: Final = datetime(2026, 11, 30, tzinfo=UTC)


def po_path(locale: str) -> Path:
    """The ``.po`` file of ``locale``."""
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(locale: str) -> Path:
    """The compiled ``.mo`` file of ``locale``."""
    return po_path(locale).with_suffix(".mo")


def extract(root: Path = ROOT) -> Catalog:
    """Every message in the files ``babel.cfg`` names (the package's modules), with file:line locations."""
    template = Catalog(project=DOMAIN, version=__version__, charset="utf-8", fuzzy=False,
                       copyright_holder=AUTHORS, msgid_bugs_address="",
                       creation_date=HEADER_DATE, revision_date=HEADER_DATE,
                       header_comment=f"# Messages of {DOMAIN}, extracted by scripts/i18n.py.")
    with MAPPING_FILE.open(encoding="utf-8") as mapping:
        method_map, _options = parse_mapping_cfg(mapping, str(MAPPING_FILE))  # type: ignore[no-untyped-call]
    for filename, lineno, message, comments, context in extract_from_dir(
        root, method_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True,
        directory_filter=_wanted_directory,
    ):
        location = (Path(filename).as_posix(), lineno)
        template.add(message, None, [location], auto_comments=comments, context=context)
    return template


def _wanted_directory(dirpath: str) -> bool:
    """Walk only the package (and the root itself), not .venv, tests or data."""
    relative = Path(dirpath).resolve().relative_to(ROOT)
    return relative == Path(".") or relative.parts[0] == SOURCE_DIR.name


def load(path: Path, locale: str | None = None) -> Catalog:
    """Read a ``.po`` / ``.pot`` file."""
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=DOMAIN)


def po_bytes(catalog: Catalog) -> bytes:
    """The catalog as ``.po`` text (sorted by message, obsolete entries dropped)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, ignore_obsolete=True, include_previous=False)
    return buffer.getvalue()


def updated_catalog(template: Catalog, locale: str) -> Catalog:
    """``locale``'s catalog brought up to date with ``template``: new messages empty, none fuzzy."""
    path = po_path(locale)
    if path.exists():
        catalog = load(path, locale)
    else:
        catalog = Catalog(locale=locale, domain=DOMAIN, fuzzy=False)
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[locale])]
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.fuzzy = False
    catalog.revision_date = HEADER_DATE
    catalog.creation_date = HEADER_DATE
    catalog.project, catalog.version, catalog.msgid_bugs_address = DOMAIN, __version__, ""
    catalog.copyright_holder = AUTHORS
    catalog.last_translator = catalog.language_team = AUTHORS
    catalog.header_comment = (f"# {LANGUAGE_NAMES[locale]} translations of {DOMAIN}, "
                              "kept up to date by scripts/i18n.py.")
    for message in catalog:
        if message.id and message.pluralizable and len(forms_of(message)) != catalog.num_plurals:
            forms = list(forms_of(message))[: catalog.num_plurals]
            message.string = tuple(forms + [""] * (catalog.num_plurals - len(forms)))
    return catalog


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled catalog (fuzzy entries left out)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def forms_of(message: Message) -> tuple[str, ...]:
    """The translation(s) of a message: one string, or one per plural form."""
    text = message.string
    if isinstance(text, (tuple, list)):
        return tuple(text)
    return (text or "",)


def placeholders(text: str) -> set[str]:
    """The ``str.format`` fields of ``text``, with their conversion and format spec.

    >>> sorted(placeholders("Deal {number}: {rate:.1%} of {text!r} ({{not one}})"))
    ['number', 'rate:.1%', 'text!r']
    """
    fields: set[str] = set()
    for _literal, field, spec, conversion in string.Formatter().parse(text):
        if field is not None:
            fields.add(field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else ""))
    return fields


def problems(catalog: Catalog) -> Iterator[str]:
    """What is wrong with a catalog: untranslated or fuzzy entries, lost or new placeholders, plural forms."""
    locale = str(catalog.locale)
    if catalog.num_plurals != int(PLURAL_FORMS[locale].split(";")[0].split("=")[1]):
        yield f"{locale}: Plural-Forms header is {catalog.plural_forms!r}"
    for message in catalog:
        if not message.id:
            continue
        ids = tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)
        label = f"{locale}: {ids[0]!r}"
        forms = forms_of(message)
        if message.fuzzy:
            yield f"{label} is fuzzy"
        if message.pluralizable and len(forms) != catalog.num_plurals:
            yield f"{label} has {len(forms)} plural forms, expected {catalog.num_plurals}"
        if not all(forms):
            yield f"{label} is not translated"
            continue
        yield from _placeholder_problems(label, ids, forms)


def _placeholder_problems(label: str, ids: tuple[str, ...], forms: tuple[str, ...]) -> Iterator[str]:
    """Placeholders lost or invented by a translation.

    A plain message's translation has exactly the placeholders of the English. For a plural
    message, every form keeps the singular's placeholders and uses no unknown one, and the
    last form (the general plural) has them all; a singular form may leave out the count
    (Portuguese "a carta" for one card).
    """
    every = set().union(*(placeholders(i) for i in ids))
    required = placeholders(ids[0])
    for index, form in enumerate(forms):
        try:
            found = placeholders(form)
        except ValueError as exc:
            yield f"{label}: translation {form!r} is not a valid format string ({exc})"
            continue
        last = index == len(forms) - 1
        if (found != every) if (last or len(ids) == 1) else not (required <= found <= every):
            yield f"{label}: translation {form!r} has placeholders {sorted(found)}, expected {sorted(every)}"


def compiled_messages(path: Path) -> dict[object, str]:
    """The messages in a ``.mo`` file, as Python's gettext reads them (without the header)."""
    with path.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    table: dict[object, str] = compiled._catalog  # type: ignore[attr-defined]
    return {key: value for key, value in table.items() if key != ""}


def expected_messages(catalog: Catalog) -> dict[object, str]:
    """What the ``.mo`` file compiled from ``catalog`` must hold, in gettext's own keys."""
    buffer = io.BytesIO(mo_bytes(catalog))
    table: dict[object, str] = gettext.GNUTranslations(buffer)._catalog  # type: ignore[attr-defined]
    return {key: value for key, value in table.items() if key != ""}


def message_keys(catalog: Catalog) -> set[str]:
    """The singular ids of the real messages of a catalog (header left out)."""
    keys: set[str] = set()
    for message in catalog:
        if message.id:
            keys.add(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)
    return keys


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` unless the file already holds it; return whether it was written."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def build(write: bool) -> list[str]:
    """Extract, update and compile; with ``write=False`` only report what would change. Returns problems."""
    report: list[str] = []
    template = extract()
    outputs: list[tuple[Path, bytes]] = [(TEMPLATE, po_bytes(template))]
    for locale in LOCALES:
        catalog = updated_catalog(template, locale)
        report.extend(problems(catalog))
        outputs.append((po_path(locale), po_bytes(catalog)))
        outputs.append((mo_path(locale), mo_bytes(catalog)))
    for path, data in outputs:
        relative = path.relative_to(ROOT)
        if write:
            if write_if_changed(path, data):
                print(f"wrote {relative}")
        elif not is_up_to_date(path, data):
            report.append(f"{relative} is out of date: run python scripts/i18n.py")
    return report


def is_up_to_date(path: Path, data: bytes) -> bool:
    """Whether the file on disk says what ``data`` says: same messages (.po), same translations (.mo)."""
    if not path.exists():
        return False
    if path.suffix == ".mo":
        expected = gettext.GNUTranslations(io.BytesIO(data))._catalog  # type: ignore[attr-defined]
        return compiled_messages(path) == {key: value for key, value in expected.items() if key != ""}
    return message_keys(load(path)) == message_keys(read_po(io.BytesIO(data)))


def counts(locales: Iterable[str] = LOCALES) -> dict[str, tuple[int, int]]:
    """For each locale, (translated messages, all messages)."""
    result: dict[str, tuple[int, int]] = {}
    for locale in locales:
        catalog = load(po_path(locale), locale)
        real = [m for m in catalog if m.id]
        done = [m for m in real if all(forms_of(m)) and not m.fuzzy]
        result[locale] = (len(done), len(real))
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the pipeline; print problems; exit 1 when there are any."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="change nothing; fail if out of date")
    args = parser.parse_args(argv)
    report = build(write=not args.check)
    for line in report:
        print(line, file=sys.stderr)
    if not args.check:
        for locale, (done, total) in counts().items():
            print(f"{locale}: {done}/{total} translated")
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
