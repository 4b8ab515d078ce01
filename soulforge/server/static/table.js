// The table page: live updates over a websocket, clicks send actions. No framework.
"use strict";
(() => {
  const tableId = document.currentScript.dataset.table;
  const $ = (id) => document.getElementById(id);
  const key = "soulforge:" + tableId;
  let tokens = JSON.parse(localStorage.getItem(key) || "{}"); // seat -> token
  let last = null, socket = null, retry = 500;

  // An invite link carries #seat=N&token=T: keep it in this browser, then hide it.
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("token")) {
    tokens[hash.get("seat") || "0"] = hash.get("token");
    localStorage.setItem(key, JSON.stringify(tokens));
    history.replaceState(null, "", location.pathname);
  }
  const allTokens = () => Object.values(tokens);

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  function seatName(p, s) {
    const who = p.seats[s];
    const mine = p.seats_held.includes(s) ? " (you)" : "";
    return "Seat " + s + (who && who.kind === "ai" ? " · AI " + who.level : "") + mine;
  }

  function render(p) {
    if (last && p.version < last.version) return; // an older payload overtaken by a newer one
    last = p;
    document.body.dataset.move = p.move; // for tests and styles
    document.body.dataset.turn = p.is_over ? "over" : p.seat !== null && p.current_player === p.seat ? "mine" : "other";
    $("board").innerHTML = p.svg;
    $("prompt").textContent = p.prompt;
    $("turn").textContent = p.is_over ? "Game over"
      : p.seat !== null && p.current_player === p.seat ? "Your decision (" + seatName(p, p.seat) + ")"
      : "Waiting for " + seatName(p, p.current_player);
    $("turn").classList.toggle("mine", !p.is_over && p.current_player === p.seat && p.seat !== null);
    $("thinking").hidden = !p.thinking;
    const actions = $("actions");
    actions.replaceChildren(...p.legal.map((item) => {
      const b = el("button", item.label, "action");
      b.dataset.action = JSON.stringify(item.action);
      b.addEventListener("click", () => send(item.action));
      return b;
    }));
    $("undo").hidden = !p.can_undo;
    $("over").hidden = !p.is_over;
    if (p.is_over) {
      const best = Math.max(...p.returns);
      const winners = p.returns.map((r, s) => [r, s]).filter(([r]) => r === best).map(([, s]) => s);
      $("result").textContent = (winners.length > 1 ? "Draw between seats " + winners.join(", ")
        : "Seat " + winners[0] + " wins") + " · returns " + JSON.stringify(p.returns);
    }
    $("seats").replaceChildren(...p.seats.map((s) => {
      const li = el("li", seatName(p, s.seat) + (s.kind === "human" && !s.claimed ? " · free" : ""));
      if (s.seat === p.current_player) li.className = "current";
      return li;
    }));
    $("log").replaceChildren(...p.log.map((line) => el("li", line)));
    $("log").scrollTop = $("log").scrollHeight;
  }

  function showError(text) {
    $("error").textContent = text || "";
  }

  async function post(path, body) {
    const res = await fetch("/api/tables/" + tableId + path, {
      method: "POST",
      headers: {"Content-Type": "application/json", "X-Seat-Token": allTokens().join(",")},
      body: JSON.stringify(body),
    });
    const data = await res.json();
    if (res.ok) { showError(""); render(data); return; }
    showError(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail));
    if (res.status === 409) refresh();
  }

  function send(action) {
    if (!last) return;
    return post("/actions", {move: last.move, action: action,
      seat: last.seats_held.includes(last.current_player) ? last.current_player : null});
  }

  async function refresh() {
    const res = await fetch("/api/tables/" + tableId, {headers: {"X-Seat-Token": allTokens().join(",")}});
    if (res.ok) render(await res.json());
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/tables/" + tableId);
    socket.onopen = () => { retry = 500; socket.send(JSON.stringify({tokens: allTokens()})); };
    socket.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "state") render(msg);
      else if (msg.type === "error") showError(msg.detail);
    };
    socket.onclose = (event) => {
      if (event.code >= 4000) return; // refused (e.g. a bad token): do not hammer the server
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  $("board").addEventListener("click", (event) => {
    const target = event.target.closest && event.target.closest(".target");
    if (target && target.dataset.action) send(JSON.parse(target.dataset.action));
  });
  $("undo").addEventListener("click", () => last && post("/undo", {move: last.move}));
  connect();
})();
