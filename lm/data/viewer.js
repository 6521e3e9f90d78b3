// vlp run viewer: renders the records of the JSON block, filters them, shows transcripts.
// Every string from a record goes in with textContent, never as markup.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("vlp-data").textContent);
  const records = data.records;
  const verdicts = data.verdicts.map(function (v) { return v.name; });
  const body = document.querySelector("#records tbody");
  const form = document.getElementById("filters");
  const shown = document.getElementById("shown");

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // legend
  const legend = document.getElementById("legend");
  data.verdicts.forEach(function (v) {
    const entry = element("span", "entry");
    entry.appendChild(element("span", "chip v-" + v.name, v.name));
    entry.appendChild(document.createTextNode(v.help));
    legend.appendChild(entry);
  });

  // filters: [key, label, options as [value, label]]
  function distinct(key) {
    const seen = [];
    records.forEach(function (r) { if (seen.indexOf(r[key]) < 0) seen.push(r[key]); });
    return seen;
  }
  const order = {setting: ["base", "axiom", "tree", "trees"],
                 overlap: ["", "none", "entity", "agent", "both"],
                 variant: ["", "irrelevant", "control"], kind: ["nonground", "ground"]};
  // "" (no overlap, no variant) is an option of its own; "" in a select means "all"
  function keyOf(value) { return value === "" ? "-" : String(value); }
  function options(key, blank) {
    const values = distinct(key);
    const known = order[key] || [];
    values.sort(function (a, b) {
      const i = known.indexOf(a), j = known.indexOf(b);
      return (i < 0 ? 99 : i) - (j < 0 ? 99 : j) || String(a).localeCompare(String(b));
    });
    return values.map(function (v) { return [keyOf(v), v === "" ? blank : String(v)]; });
  }
  const filters = [];
  if (data.runs.length > 1) {
    filters.push(["run", "model", data.runs.map(function (run, i) { return [String(i), run.label]; })]);
  }
  filters.push(["setting", "setting", options("setting", "")]);
  filters.push(["variant", "irrelevant / control", options("variant", "(base)")]);
  filters.push(["overlap", "overlap", options("overlap", "(none given)")]);
  filters.push(["kind", "query", options("kind", "")]);
  filters.push(["correct", "answer", [["true", "correct"], ["false", "wrong"]]]);
  filters.push(["verdict", "has a step that is", verdicts.map(function (v) { return [v, v]; })]);
  const controls = {};
  filters.forEach(function (f) {
    const label = element("label", "", f[1]);
    const select = element("select");
    select.name = f[0];
    select.id = "filter-" + f[0];
    select.appendChild(new Option("all", ""));
    f[2].forEach(function (o) { select.appendChild(new Option(o[1], o[0])); });
    select.addEventListener("change", apply);
    label.appendChild(select);
    form.appendChild(label);
    controls[f[0]] = select;
  });
  const searchLabel = element("label", "", "problem id contains");
  const search = element("input");
  search.type = "search";
  search.id = "filter-search";
  search.addEventListener("input", apply);
  searchLabel.appendChild(search);
  form.appendChild(searchLabel);
  form.addEventListener("submit", function (event) { event.preventDefault(); });

  // rows
  function answerCell(r) {
    const cell = element("td");
    cell.appendChild(element("span", r.correct ? "ok" : "wrong", r.correct ? "✓" : "✗"));
    cell.appendChild(document.createTextNode(" " + (r.predicted === null ? "none" : r.predicted)
                                             + " (gold " + r.gold + ")"));
    return cell;
  }
  function bar(r) {
    const cell = element("td");
    const total = r.steps.length;
    const line = element("div", "", "");
    line.appendChild(document.createTextNode(verdicts.filter(function (v) { return r.counts[v]; })
      .map(function (v) { return r.counts[v] + " " + v; }).join(", ") || "no steps"));
    cell.appendChild(line);
    const strip = element("div", "bar");
    verdicts.forEach(function (v) {
      if (!r.counts[v]) return;
      const part = element("span", "v-" + v);
      part.style.width = (100 * r.counts[v] / total) + "%";
      part.title = r.counts[v] + " " + v;
      strip.appendChild(part);
    });
    cell.appendChild(strip);
    return cell;
  }
  const rows = records.map(function (r, index) {
    const row = element("tr", "record");
    row.dataset.index = String(index);
    [data.runs[r.run].label, r.id, r.sample, r.setting + (r.variant === "control" ? " (control)" : ""),
     r.overlap || "–", r.kind].forEach(function (value) { row.appendChild(element("td", "", value)); });
    row.appendChild(answerCell(r));
    row.appendChild(element("td", "", r.efficiency === null ? "n/a" : r.efficiency.toFixed(2)));
    row.appendChild(bar(r));
    row.addEventListener("click", function () { toggle(row, r); });
    body.appendChild(row);
    return row;
  });

  function details(r) {
    const row = element("tr", "details");
    const cell = element("td");
    cell.colSpan = 9;
    if (r.problem) cell.appendChild(element("p", "problem", r.problem));
    const meta = element("div", "meta");
    meta.appendChild(document.createTextNode("goal "));
    meta.appendChild(element("code", "", r.goal));
    meta.appendChild(document.createTextNode(" · scored in " + r.mode + " mode · answer text "));
    meta.appendChild(element("code", "", r.answer));
    meta.appendChild(document.createTextNode(" · efficiency " +
      (r.efficiency === null ? "n/a" : r.efficiency) + ", non-axioms " +
      (r.efficiency_non_axioms === null ? "n/a" : r.efficiency_non_axioms)));
    cell.appendChild(meta);
    r.notes.forEach(function (note) { cell.appendChild(element("div", "meta", "note: " + note)); });
    const list = element("ol", "steps");
    const chosen = controls.verdict.value;
    r.steps.forEach(function (s) {
      const item = element("li", "step v-" + s.v);
      item.dataset.verdict = s.v;
      if (chosen && s.v !== chosen) item.classList.add("hidden-by-verdict");
      item.appendChild(element("span", "step-text", s.s + ". " + s.t));
      const info = element("span", "step-info");
      info.appendChild(element("span", "tag", s.v));
      const parts = [];
      if (s.c) parts.push("claim " + s.c);
      if (s.r) parts.push("rule " + s.r);
      if (s.d) parts.push(s.d);
      if (s.read) parts.push("read by " + s.read);
      info.appendChild(document.createTextNode(parts.join(" · ")));
      item.appendChild(info);
      list.appendChild(item);
    });
    cell.appendChild(list);
    if (r.reference.length) {
      const reference = element("details", "reference");
      reference.appendChild(element("summary", "", "reference (shortest) proof, " +
                                    r.reference.length + " sentences"));
      const sentences = element("ol");
      r.reference.forEach(function (s) { sentences.appendChild(element("li", "", s)); });
      reference.appendChild(sentences);
      cell.appendChild(reference);
    }
    row.appendChild(cell);
    return row;
  }
  function toggle(row, r) {
    const next = row.nextElementSibling;
    if (next && next.classList.contains("details")) {
      next.remove();
      row.classList.remove("open");
    } else {
      row.after(details(r));
      row.classList.add("open");
    }
  }

  function matches(r) {
    for (const key in controls) {
      const value = controls[key].value;
      if (!value) continue;
      if (key === "verdict") { if (!r.counts[value]) return false; continue; }
      if (keyOf(r[key]) !== value) return false;
    }
    const text = search.value.trim().toLowerCase();
    return !text || r.id.toLowerCase().indexOf(text) >= 0;
  }
  function apply() {
    let count = 0;
    rows.forEach(function (row, index) {
      const visible = matches(records[index]);
      row.hidden = !visible;
      const next = row.nextElementSibling;
      if (next && next.classList.contains("details")) {
        next.hidden = !visible;
        next.querySelectorAll("li.step").forEach(function (item) {
          const chosen = controls.verdict.value;
          item.classList.toggle("hidden-by-verdict", !!chosen && item.dataset.verdict !== chosen);
        });
      }
      if (visible) count += 1;
    });
    shown.textContent = "showing " + count + " of " + records.length + " transcripts" +
      " (click a row for its steps)";
  }
  apply();
})();
