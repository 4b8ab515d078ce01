// The Kipukas fists tool (rulebook #fists_tool). Every number comes from the server (the
// engine's typing chart and motives): this script only gathers the choices and shows answers.
// Local mode: both sides on this phone, POST /api/kipukas/fists. Two phones: a room's
// websocket; this phone shows and sends its own side only, and the server reveals both at once.
(() => {
  "use strict";
  const root = document.getElementById("fists");
  const souls = JSON.parse(root.dataset.kipukas).souls;
  const form = document.getElementById("fists-form");
  const out = document.getElementById("fists-result");
  const statusLine = document.getElementById("room-status");
  let socket = null;
  let mySide = null;

  const mode = () => root.querySelector('input[name="mode"]:checked').value;
  const panel = (side) => form.querySelector(`fieldset[data-side="${side}"]`);
  const text = (tag, words, cls) => {
    const node = document.createElement(tag);
    node.textContent = words;
    if (cls) node.className = cls;
    return node;
  };
  const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

  function showMode() {
    root.dataset.mode = mode();
  }

  function fillCards(side) {
    const select = panel(side).querySelector('select[name="card"]');
    for (const soul of souls) {
      const option = text("option", soul.name);
      option.value = soul.id;
      select.append(option);
    }
    select.addEventListener("change", () => fromCard(side));
    panel(side).querySelector('select[name="means"]').addEventListener("change", () => fromMeans(side));
  }

  function fromCard(side) {
    const soul = souls.find((s) => s.id === panel(side).querySelector('select[name="card"]').value);
    const means = panel(side).querySelector('select[name="means"]');
    means.replaceChildren();
    if (!soul) return;
    soul.means.forEach((m, i) => {
      const option = text("option", `${m.name} (${m.archetypes.join(", ")})`);
      option.value = String(i);
      means.append(option);
    });
    panel(side).querySelector('select[name="gene"]').value = soul.gene;
    panel(side).querySelector('select[name="motive"]').value = soul.motive;
    fromMeans(side);
  }

  function fromMeans(side) {
    const soul = souls.find((s) => s.id === panel(side).querySelector('select[name="card"]').value);
    const index = Number(panel(side).querySelector('select[name="means"]').value);
    if (!soul || !soul.means[index]) return;
    const kinds = soul.means[index].archetypes;
    panel(side).querySelectorAll('select[name="archetype"]').forEach((select, i) => {
      select.value = kinds[i] || "";
    });
  }

  function choice(side) {
    const p = panel(side);
    if (mode() === "final") {
      return {mode: "final", gene: p.querySelector('select[name="gene"]').value,
              motive: p.querySelector('select[name="motive"]').value};
    }
    const kinds = [...p.querySelectorAll('select[name="archetype"]')].map((s) => s.value).filter(Boolean);
    return {mode: "keal", archetypes: kinds};
  }

  function describe(pick) {
    return pick.mode === "final" ? `${pick.gene}, ${pick.motive}` : pick.archetypes.join(", ");
  }

  function showResult(result, picks) {
    out.replaceChildren();
    if (picks) {
      out.append(text("p", `Attacker: ${describe(picks.attacker)}`, "pick"));
      out.append(text("p", `Defender: ${describe(picks.defender)}`, "pick"));
    }
    const table = document.createElement("table");
    table.className = "fists-pairs";
    const head = table.createTHead().insertRow();
    const rows = result.mode === "keal"
      ? result.pairs.map((p) => [`${p.attacker} → ${p.defender}`, "attack", p.modifier])
      : result.parts.map((p) => [p.what, p.side, p.amount]);
    ["", "roll", "modifier"].forEach((h) => head.append(text("th", h)));
    const body = table.createTBody();
    for (const [what, side, amount] of rows) {
      const row = body.insertRow();
      row.insertCell().textContent = what;
      row.insertCell().textContent = side;
      row.insertCell().textContent = signed(amount);
    }
    out.append(table);
    const total = text("p", `Attack ${signed(result.attack)}` +
      (result.mode === "final" ? `, defence ${signed(result.defence)}` : ""), "total");
    total.id = "fists-total";
    out.append(total);
    if (result.best_of_three) out.append(text("p", "Self preservation: the Final Blow is best 2 out of 3."));
  }

  function showError(detail) {
    out.replaceChildren(text("p", typeof detail === "string" ? detail : JSON.stringify(detail), "error"));
  }

  async function local() {
    const res = await fetch("/api/kipukas/fists", {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({attacker: choice("attacker"), defender: choice("defender")}),
    });
    const answer = await res.json();
    if (!res.ok) { showError(answer.detail); return; }
    showResult(answer);
  }

  function roomStatus(m) {
    const other = m.side === "attacker" ? "defender" : "attacker";
    const here = m.present[other] ? "is here" : "has not joined yet";
    const chose = m.chosen[other] ? "has chosen" : "is choosing";
    const mine = m.chosen[m.side] ? "Your choice is in (you may change it)." : "Choose in secret, then send.";
    statusLine.textContent = `Room ${m.code}, round ${m.round}: you are the ${m.side}. ` +
      `The ${other} ${here}${m.present[other] ? ` and ${chose}` : ""}. ${mine}`;
    const wanted = root.querySelector(`input[name="mode"][value="${m.mode}"]`);
    if (!wanted.checked) { wanted.checked = true; showMode(); }
  }

  // The side's key (the server gives it in the first status) is kept for this tab, so that a
  // reload, or a reconnection to another server, takes the same side back with its choice.
  const keyName = (code, side) => `fists-key:${code}:${side}`;
  const RETRIES = 5;

  function join(code, side, retries = RETRIES) {
    if (socket) { socket.onclose = null; socket.close(); }
    mySide = side;
    root.dataset.room = side;
    document.getElementById("fists-go").textContent = "Send my choice";
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const mine = new WebSocket(`${scheme}://${location.host}/ws/kipukas/fists/${encodeURIComponent(code)}`);
    socket = mine;
    mine.addEventListener("open", () => {
      const key = sessionStorage.getItem(keyName(code, side));
      mine.send(JSON.stringify(key ? {side, key} : {side}));
    });
    mine.addEventListener("message", (event) => {
      const m = JSON.parse(event.data);
      if (m.type === "status") {
        if (m.key) sessionStorage.setItem(keyName(code, side), m.key);
        retries = RETRIES;
        roomStatus(m);
        if (m.last && !document.getElementById("fists-total")) showResult(m.last.result, m.last);
      }
      else if (m.type === "reveal") showResult(m.result, m);
      else if (m.type === "error") showError(m.detail);
    });
    mine.onclose = (event) => {
      statusLine.textContent += " (disconnected)";
      // the server went away (not a refusal, 4xxx): join again, the proxy finds another server
      if (event.code < 4000 && retries > 0 && socket === mine) setTimeout(() => join(code, side, retries - 1), 1000);
    };
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({type: "choose", choice: choice(mySide)}));
    } else {
      local();
    }
  });
  root.querySelectorAll('input[name="mode"]').forEach((radio) => radio.addEventListener("change", () => {
    showMode();
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({type: "mode", mode: mode()}));
  }));
  document.getElementById("room-create").addEventListener("click", async () => {
    const res = await fetch("/api/kipukas/fists/rooms", {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({mode: mode()}),
    });
    const answer = await res.json();
    if (!res.ok) { showError(answer.detail); return; }
    document.getElementById("room-code").value = answer.code;
    join(answer.code, document.getElementById("room-side").value);
  });
  document.getElementById("room-join").addEventListener("click", () => {
    const code = document.getElementById("room-code").value.trim().toUpperCase();
    if (code) join(code, document.getElementById("room-side").value);
  });

  fillCards("attacker");
  fillCards("defender");
  showMode();
  const asked = new URLSearchParams(location.search).get("room");
  if (asked) document.getElementById("room-code").value = asked;
})();
