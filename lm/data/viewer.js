// vlp run viewer: inflates the index block (gzip, base64: one row per transcript), filters
// the rows and builds the table a page at a time. A transcript's text and steps sit in a
// block of CHUNK transcripts, inflated when one of them is opened; it opens with the model's
// own text, coloured by verdict where each step stands, beside the steps as they were read.
// Every string from a record goes in with textContent, never as markup.
"use strict";
(function () {
  const PAGE = 100; // rows built at a time: a page of 10,000 transcripts stays quick
  const body = document.querySelector("#records tbody");
  const form = document.getElementById("filters");
  const shown = document.getElementById("shown");
  const pages = document.getElementById("pages");

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  async function inflate(block) {
    const binary = atob(block.trim());
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }

  function start(data) {
    const records = data.records;
    const problems = data.problems;
    const verdicts = data.verdicts.map(function (v) { return v.name; });
    // steps are stored as columns (lm/viewer.py _columns): verdicts one letter each
    const CODES = {r: "relevant", i: "irrelevant", f: "false", s: "skipped", u: "unparsed"};
    const FIELDS = ["c", "r", "d", "read", "t"];
    records.forEach(function (r) {
      const counts = {};
      for (const code of r.v) counts[CODES[code]] = (counts[CODES[code]] || 0) + 1;
      r.counts = counts;
      r.total = r.v.length;
    });
    // the details blocks, inflated on first use (a promise each)
    // (they follow the script in the page: read once the whole page is parsed)
    const parsed = new Promise(function (resolve) {
      if (document.readyState !== "loading") resolve();
      else document.addEventListener("DOMContentLoaded", resolve);
    });
    const chunks = new Map();
    function detailOf(index) {
      const number = Math.floor(index / data.chunk);
      if (!chunks.has(number)) {
        chunks.set(number, parsed.then(function () {
          return inflate(document.querySelectorAll("script.vlp-chunk")[number].textContent);
        }));
      }
      return chunks.get(number).then(function (chunk) { return chunk[index % data.chunk]; });
    }
    function stepsOf(r, detail) {
      const columns = detail.steps;
      const steps = [];
      let end = 0;
      for (let i = 0; i < r.v.length; i += 1) {
        const s = {v: CODES[r.v[i]], s: columns.s[i]};
        if (columns.a && columns.a[i] !== null) {
          s.a = end + columns.a[i];
          s.b = end = s.a + columns.n[i];
        }
        FIELDS.forEach(function (field) {
          if (columns[field] && columns[field][i] !== null) s[field] = columns[field][i];
        });
        steps.push(s);
      }
      return steps;
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
      const seen = new Set();
      records.forEach(function (r) { seen.add(r[key]); });
      return Array.from(seen);
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
                                               + " (gold " + problems[r.p].gold + ")"));
      return cell;
    }
    function bar(r) {
      const cell = element("td");
      const total = r.total;
      cell.appendChild(element("div", "", verdicts.filter(function (v) { return r.counts[v]; })
        .map(function (v) { return r.counts[v] + " " + v; }).join(", ") || "no steps"));
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
    function stepText(text, s) { return s.t !== undefined ? s.t : text.slice(s.a, s.b); }

    // the model's own text, each step's place in it coloured by its verdict
    function modelText(r, text, steps) {
      const box = element("div", "model-text");
      box.appendChild(element("div", "column-title", "what the model wrote"));
      const shown = element("pre", "transcript");
      const chosen = controls.verdict.value;
      let at = 0;
      steps.forEach(function (s) {
        if (s.a === undefined || s.a < at) return; // not found, or a claim of the same sentence
        if (s.a > at) shown.appendChild(document.createTextNode(text.slice(at, s.a)));
        const mark = element("span", "said v-" + s.v, text.slice(s.a, s.b));
        mark.dataset.verdict = s.v;
        mark.title = s.v + (s.c !== undefined ? ": " + problems[r.p].claims[s.c] : "");
        if (chosen && s.v !== chosen) mark.classList.add("hidden-by-verdict");
        shown.appendChild(mark);
        at = s.b;
      });
      shown.appendChild(document.createTextNode(text.slice(at)));
      box.appendChild(shown);
      return box;
    }
    function readSteps(r, text, steps) {
      const box = element("div", "reading");
      box.appendChild(element("div", "column-title", "how vlp read it"));
      const list = element("ol", "steps");
      const chosen = controls.verdict.value;
      steps.forEach(function (s) {
        const item = element("li", "step v-" + s.v);
        item.dataset.verdict = s.v;
        if (chosen && s.v !== chosen) item.classList.add("hidden-by-verdict");
        item.appendChild(element("span", "step-text", s.s + ". " + stepText(text, s)));
        const info = element("span", "step-info");
        info.appendChild(element("span", "tag", s.v));
        const parts = [];
        if (s.c !== undefined) parts.push("claim " + problems[r.p].claims[s.c]);
        if (s.r) parts.push("rule " + s.r);
        if (s.d) parts.push(s.d);
        if (s.read) parts.push("read by " + s.read);
        info.appendChild(document.createTextNode(parts.join(" · ")));
        item.appendChild(info);
        list.appendChild(item);
      });
      box.appendChild(list);
      return box;
    }
    // the details row at once; its transcript and steps when their block is inflated
    function details(index) {
      const r = records[index];
      const row = element("tr", "details");
      const cell = element("td");
      cell.colSpan = 9;
      cell.appendChild(element("div", "meta", "reading the transcript…"));
      row.appendChild(cell);
      detailOf(index).then(function (detail) {
        cell.replaceChildren();
        fill(cell, r, detail);
      });
      return row;
    }
    function fill(cell, r, detail) {
      const problem = problems[r.p];
      if (problem.problem) cell.appendChild(element("p", "problem", problem.problem));
      const meta = element("div", "meta");
      meta.appendChild(document.createTextNode("goal "));
      meta.appendChild(element("code", "", problem.goal));
      meta.appendChild(document.createTextNode(" · scored in " + r.mode + " mode · answer text "));
      meta.appendChild(element("code", "", r.answer));
      meta.appendChild(document.createTextNode(" · efficiency " +
        (r.efficiency === null ? "n/a" : r.efficiency) + ", non-axioms " +
        (r.efficiency_non_axioms === null ? "n/a" : r.efficiency_non_axioms)));
      cell.appendChild(meta);
      detail.notes.forEach(function (note) { cell.appendChild(element("div", "meta", "note: " + note)); });
      const steps = stepsOf(r, detail);
      const text = detail.text;
      const columns = element("div", text ? "side-by-side" : "");
      if (text) columns.appendChild(modelText(r, text, steps));
      columns.appendChild(readSteps(r, text, steps));
      cell.appendChild(columns);
      if (problem.reference.length) {
        const reference = element("details", "reference");
        reference.appendChild(element("summary", "", "reference (shortest) proof, " +
                                      problem.reference.length + " sentences"));
        const sentences = element("ol");
        problem.reference.forEach(function (s) { sentences.appendChild(element("li", "", s)); });
        reference.appendChild(sentences);
        cell.appendChild(reference);
      }
      cell.dataset.filled = "true";
    }

    const open = new Set(); // indices of the records whose transcript is shown
    function row(index) {
      const r = records[index];
      const tr = element("tr", "record" + (open.has(index) ? " open" : ""));
      tr.dataset.index = String(index);
      [data.runs[r.run].label, r.id, r.sample, r.setting + (r.variant === "control" ? " (control)" : ""),
       r.overlap || "–", r.kind].forEach(function (value) { tr.appendChild(element("td", "", value)); });
      tr.appendChild(answerCell(r));
      tr.appendChild(element("td", "", r.efficiency === null ? "n/a" : r.efficiency.toFixed(2)));
      tr.appendChild(bar(r));
      tr.addEventListener("click", function () {
        if (open.has(index)) {
          open.delete(index);
          tr.classList.remove("open");
          if (tr.nextElementSibling && tr.nextElementSibling.classList.contains("details")) {
            tr.nextElementSibling.remove();
          }
        } else {
          open.add(index);
          tr.classList.add("open");
          tr.after(details(index));
        }
      });
      return tr;
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
    let matching = [];
    let page = 0;
    function pageButton(label, target, enabled) {
      const button = element("button", "", label);
      button.type = "button";
      button.disabled = !enabled;
      button.addEventListener("click", function () { page = target; render(); });
      return button;
    }
    function render() {
      const count = Math.max(1, Math.ceil(matching.length / PAGE));
      page = Math.min(page, count - 1);
      const first = page * PAGE;
      const slice = matching.slice(first, first + PAGE);
      const rows = document.createDocumentFragment();
      slice.forEach(function (index) {
        rows.appendChild(row(index));
        if (open.has(index)) rows.appendChild(details(index));
      });
      body.replaceChildren(rows);
      shown.textContent = "showing " + matching.length + " of " + records.length + " transcripts" +
        (matching.length > PAGE ? " (" + (first + 1) + "–" + (first + slice.length) + " here)" : "") +
        " (click a row for its steps)";
      pages.replaceChildren();
      if (count > 1) {
        pages.appendChild(pageButton("‹ previous", page - 1, page > 0));
        pages.appendChild(element("span", "", " page " + (page + 1) + " of " + count + " "));
        pages.appendChild(pageButton("next ›", page + 1, page < count - 1));
      }
    }
    function apply() {
      matching = [];
      records.forEach(function (r, index) { if (matches(r)) matching.push(index); });
      page = 0;
      render();
    }
    apply();
    document.body.dataset.firstRows = String(Math.round(performance.now()));
  }

  const block = document.getElementById("vlp-data").textContent;
  shown.textContent = "reading the transcripts…";
  inflate(block).then(start, function (error) {
    shown.textContent = "this browser cannot read the viewer's data (it needs " +
      "DecompressionStream: Chrome 80, Firefox 113, Safari 16.4 or later): " + error;
    throw error;
  });
})();
