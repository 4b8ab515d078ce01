// Kipukas affinity, loyalty and tameability progress (rulebook #affinity). The rules (once a
// day, what tames a species) are the server's (games/kipukas/affinity.py): this script keeps
// the record in localStorage when there is no account, sends it, and shows the answer.
(() => {
  "use strict";
  const KEY = "soulforge.kipukas.progress";
  const local = () => { try { return JSON.parse(localStorage.getItem(KEY) || "null"); } catch { return null; } };
  const item = (words) => { const li = document.createElement("li"); li.textContent = words; return li; };

  function show(answer) {
    if (!answer.stored) localStorage.setItem(KEY, JSON.stringify(answer.progress));
    document.getElementById("progress-where").textContent = answer.stored
      ? "Kept with your account." : "Kept in this browser. Sign in to keep it with your account.";
    const p = answer.progress;
    document.getElementById("crux").textContent = p.crux ? `The ${p.crux} are your crux (+1 to their rolls).`
      : "No affinity declared yet.";
    document.getElementById("affinity-levels").replaceChildren(
      ...Object.entries(p.affinity).map(([kind, n]) => item(`${kind}: ${n}`)));
    const names = new Map(answer.species.map((s) => [s.card, s.name]));
    const cardName = (id) => names.get(id) ||
      document.querySelector(`#fought option[value="${id}"]`)?.textContent || id;
    document.getElementById("loyalty").replaceChildren(
      ...Object.entries(p.loyalty).map(([card, n]) => item(`${cardName(card)}: ${n}`)));
    const body = document.querySelector("#species tbody");
    body.replaceChildren();
    for (const s of answer.species) {
      const row = body.insertRow();
      row.insertCell().textContent = s.name;
      row.insertCell().textContent = String(s.control);
      row.insertCell().textContent = s.tameability === null ? "untameable" : String(s.tameability);
      row.insertCell().textContent = s.tame ? "tame" : "";
    }
    if (answer.grew) {
      document.getElementById("progress-news").textContent = answer.grew.length
        ? answer.grew.join("; ") : "Already counted today.";
    }
  }

  async function post(path, body) {
    const res = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                                   body: JSON.stringify({...body, progress: local()})});
    const answer = await res.json();
    if (!res.ok) {
      document.getElementById("progress-news").textContent =
        typeof answer.detail === "string" ? answer.detail : JSON.stringify(answer.detail);
      return;
    }
    show(answer);
  }

  document.getElementById("declare").addEventListener("submit", (event) => {
    event.preventDefault();
    post("/api/kipukas/progress/declare", {archetype: event.target.archetype.value});
  });
  document.getElementById("fought").addEventListener("submit", (event) => {
    event.preventDefault();
    post("/api/kipukas/progress/fought", {card: event.target.card.value});
  });

  document.getElementById("from-table").addEventListener("submit", async (event) => {
    event.preventDefault();
    // a table's link (/t/<id>...) or its code; the seat token its page keeps in this browser
    const given = event.target.table.value.trim();
    const table = (given.match(/\/t\/([A-Za-z0-9_-]+)/) || [null, given])[1];
    const held = JSON.parse(localStorage.getItem("soulforge:" + table) || "{}");
    const seats = Object.keys(held).sort();
    const headers = {"Content-Type": "application/json"};
    if (seats.length) headers["X-Seat-Token"] = held[seats[0]];
    const res = await fetch(`/api/kipukas/progress/tables/${encodeURIComponent(table)}`, {
      method: "POST", headers, body: JSON.stringify({progress: local()}),
    });
    const answer = await res.json();
    if (!res.ok) {
      document.getElementById("progress-news").textContent =
        typeof answer.detail === "string" ? answer.detail : JSON.stringify(answer.detail);
      return;
    }
    show(answer);
  });

  (async () => {
    const res = await fetch("/api/kipukas/progress");
    const answer = await res.json();
    if (answer.stored) { show({...answer, grew: null}); return; }
    const view = await fetch("/api/kipukas/progress/view", {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({progress: local()}),
    });
    const shown = await view.json();
    if (view.ok) show({...shown, grew: null});
  })();
})();
