// The replay viewer of a finished game: step through the moves, as a spectator or as a seat.
"use strict";
(() => {
  const tableId = document.currentScript.dataset.table;
  const $ = (id) => document.getElementById(id);
  let step = 0, total = 0, seat = "", data = null;

  function show() {
    if (!data) return;
    $("board").innerHTML = seat === "" ? data.svg : data.seat_svgs[Number(seat)];
    $("stepinfo").textContent = "move " + data.step + " / " + data.total;
    $("label").textContent = data.label ? "Last move: " + data.label : "Start of the game";
    const lines = seat === "" ? data.log : data.seat_logs[Number(seat)];
    $("log").replaceChildren(...lines.map((line) => {
      const li = document.createElement("li"); li.textContent = line; return li;
    }));
    // The log follows the step: its newest line (this move's) is marked and scrolled into view.
    const newest = $("log").lastElementChild;
    if (newest) { newest.classList.add("now"); $("log").scrollTop = $("log").scrollHeight; }
  }

  // Steps come from a small cache, filled ahead of the viewer: Next shows the following step at
  // once. A click moves `step` (what is shown) at once too, so fast clicks are never lost; an
  // answer that arrives for a step no longer wanted is kept, not shown.
  const cache = new Map(), pending = new Map(), AHEAD = 3, KEPT = 200;

  function fetchStep(n) {
    if (cache.has(n)) return Promise.resolve(cache.get(n));
    if (!pending.has(n)) {
      pending.set(n, fetch("/api/tables/" + tableId + "/replay/" + n).then(async (res) => {
        const body = await res.json();
        pending.delete(n);
        if (!res.ok) throw new Error(body.detail);
        if (cache.size >= KEPT) cache.delete(cache.keys().next().value);
        cache.set(n, body);
        return body;
      }).catch((err) => { pending.delete(n); throw err; }));
    }
    return pending.get(n);
  }

  async function load(n) {
    step = n;
    $("slider").value = step;
    if (total) $("stepinfo").textContent = "move " + step + " / " + total;
    let body;
    try { body = await fetchStep(n); } catch (err) { if (step === n) $("label").textContent = err.message; return; }
    total = body.total;
    $("slider").max = total;
    if (step !== n) return; // another step was asked for meanwhile
    data = body;
    $("slider").value = step;
    show();
    for (let k = 1; k <= AHEAD && n + k <= total; k++) fetchStep(n + k).catch(() => {});
    if (n > 0) fetchStep(n - 1).catch(() => {});
  }

  $("first").onclick = () => load(0);
  $("prev").onclick = () => load(Math.max(0, step - 1));
  $("next").onclick = () => load(Math.min(total, step + 1));
  $("last").onclick = () => load(total);
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input")) return; // the slider has its own keys
    const to = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: total}[event.key];
    if (to === undefined) return;
    event.preventDefault();
    load(Math.min(total, Math.max(0, to)));
  });
  $("slider").oninput = () => load(Number($("slider").value));
  document.querySelectorAll(".viewers button").forEach((b) => {
    b.onclick = () => {
      seat = b.dataset.seat;
      document.querySelectorAll(".viewers button").forEach((o) => o.classList.toggle("on", o === b));
      show();
    };
  });
  load(0);
})();
