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

  async function load(n) {
    const res = await fetch("/api/tables/" + tableId + "/replay/" + n);
    const body = await res.json();
    if (!res.ok) { $("label").textContent = body.detail; return; }
    data = body; step = body.step; total = body.total;
    $("slider").max = total; $("slider").value = step;
    show();
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
