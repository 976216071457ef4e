// The API reference (/docs): drawn from /openapi.json with the DOM, no third-party script or style.

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

function typeName(schema) {
  if (!schema) return "";
  if (schema.$ref) return schema.$ref.split("/").pop();
  if (schema.type === "array") return `array of ${typeName(schema.items) || "any"}`;
  if (schema.anyOf) return schema.anyOf.map(typeName).join(" or ");
  if (schema.enum) return schema.enum.map(String).join(" | ");
  return schema.type || "";
}

function table(headings, rows) {
  const t = el("table");
  const head = el("tr");
  for (const h of headings) head.append(el("th", h));
  t.append(head);
  for (const row of rows) {
    const tr = el("tr");
    for (const cell of row) {
      const td = el("td");
      if (cell instanceof Node) td.append(cell); else td.textContent = cell;
      tr.append(td);
    }
    t.append(tr);
  }
  return t;
}

function jsonSchemaOf(content) {
  return content && content["application/json"] ? content["application/json"].schema : null;
}

function operation(path, method, op) {
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-");
  const section = el("section", null, "operation");
  section.id = id;
  const title = el("h2");
  title.append(el("span", method, `method method-${method}`), el("code", path));
  section.append(title);
  if (op.summary) section.append(el("p", op.summary));
  if (op.description) section.append(el("pre", op.description));
  const params = op.parameters || [];
  if (params.length) {
    section.append(el("h3", "Parameters"));
    section.append(table(["name", "in", "required", "type", "description"], params.map((p) => [
      el("code", p.name), p.in, p.required ? "yes" : "no", typeName(p.schema), p.description || "",
    ])));
  }
  if (op.requestBody && op.requestBody.content) {
    section.append(el("h3", "Request body"));
    section.append(table(["content type", "schema"], Object.entries(op.requestBody.content).map(
      ([type, media]) => [el("code", type), typeName(media.schema)],
    )));
  }
  section.append(el("h3", "Answers"));
  section.append(table(["status", "description", "schema"], Object.entries(op.responses || {}).map(
    ([status, answer]) => [status, answer.description || "", typeName(jsonSchemaOf(answer.content))],
  )));
  return { id, section };
}

async function main() {
  const spec = await (await fetch("/openapi.json", { headers: { Accept: "application/json" } })).json();
  document.title = `${spec.info.title} ${spec.info.version} API`;
  document.getElementById("docs-title").textContent = document.title;
  document.getElementById("docs-description").textContent = spec.info.description || "";
  const index = el("ul");
  const operations = document.getElementById("docs-operations");
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const { id, section } = operation(path, method, op);
      const link = el("a", `${method.toUpperCase()} ${path}`);
      link.href = `#${id}`;
      const li = el("li");
      li.append(link);
      index.append(li);
      operations.append(section);
    }
  }
  document.getElementById("docs-index").append(index);
  const schemas = document.getElementById("docs-schemas");
  for (const [name, schema] of Object.entries((spec.components && spec.components.schemas) || {})) {
    const h = el("h3", name);
    h.id = `schema-${name}`;
    schemas.append(h, el("pre", JSON.stringify(schema, null, 2)));
  }
  document.body.dataset.ready = "true";
}

main();
