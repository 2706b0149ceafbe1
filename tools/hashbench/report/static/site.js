// The tables of the site: a click on a column header sorts the rows by the
// cells' data-value (numbers as numbers; a cell without a value last), the
// first click putting first the end the column's data-better names (lower
// cycles, higher MB/s); the selects of a table's .filters show only the rows
// whose data-facet-<key> attributes match. Plain DOM, no library.
"use strict";

function cellValue(row, index) {
  const td = row.cells[index];
  const text = td.getAttribute("data-value");
  if (text === "") return null;
  return td.getAttribute("data-number") === "1" ? Number(text) : text;
}

function compareValues(a, b) {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function sortTable(table, th) {
  const index = Array.prototype.indexOf.call(th.parentNode.cells, th);
  const first = th.getAttribute("data-better") === "higher" ? "descending" : "ascending";
  const current = th.getAttribute("aria-sort");
  const order = current === first ? (first === "ascending" ? "descending" : "ascending") : first;
  for (const other of th.parentNode.cells) other.removeAttribute("aria-sort");
  th.setAttribute("aria-sort", order);
  const sign = order === "ascending" ? 1 : -1;
  const body = table.tBodies[0];
  const rows = Array.from(body.rows).map((row, position) => ({row, position, value: cellValue(row, index)}));
  rows.sort((x, y) => {
    if (x.value === null || y.value === null) {
      // No figure sorts last either way; ties keep the page's order.
      return x.value === y.value ? x.position - y.position : x.value === null ? 1 : -1;
    }
    return sign * compareValues(x.value, y.value) || x.position - y.position;
  });
  for (const entry of rows) body.appendChild(entry.row);
}

function applyFilters(filters, table) {
  const chosen = Array.from(filters.querySelectorAll("select"))
    .filter((select) => select.value !== "")
    .map((select) => [select.getAttribute("data-facet"), select.value]);
  let shown = 0;
  for (const row of table.tBodies[0].rows) {
    const match = chosen.every(([key, value]) => row.getAttribute("data-facet-" + key) === value);
    row.hidden = !match;
    if (match) shown += 1;
  }
  filters.querySelector(".count").textContent = shown + " of " + table.tBodies[0].rows.length + " rows";
}

for (const table of document.querySelectorAll("table.sortable")) {
  for (const th of table.tHead.rows[0].cells) {
    th.title = "sort by " + th.textContent;
    th.addEventListener("click", () => sortTable(table, th));
  }
}

for (const filters of document.querySelectorAll(".filters")) {
  const table = document.getElementById(filters.getAttribute("data-table"));
  const count = document.createElement("span");
  count.className = "count";
  filters.appendChild(count);
  for (const select of filters.querySelectorAll("select")) {
    select.addEventListener("change", () => applyFilters(filters, table));
  }
  applyFilters(filters, table);
}
