// The table page: live updates over a websocket, clicks send actions. No framework.
"use strict";
(() => {
  const tableId = document.currentScript.dataset.table;
  const $ = (id) => document.getElementById(id);
  const key = "soulforge:" + tableId;
  let tokens = JSON.parse(localStorage.getItem(key) || "{}"); // seat -> token
  let last = null, socket = null, retry = 500;
  let picked = []; // the board handles clicked so far towards one action (its click path)
  const LONG_PRESS = 500; // ms a finger rests on the board to read what hover would show

  // An invite link carries #seat=N&invite=CODE: the first browser to open it claims the
  // seat and keeps the token it gets (the code then stops working); the link is hidden.
  // (#seat=N&token=T, a token of one's own, e.g. from the API, is kept as it is.)
  const hash = new URLSearchParams(location.hash.slice(1));
  const invite = hash.get("invite") ? {seat: Number(hash.get("seat") || 0), invite: hash.get("invite")} : null;
  if (hash.get("token")) {
    tokens[hash.get("seat") || "0"] = hash.get("token");
    localStorage.setItem(key, JSON.stringify(tokens));
  }
  if (invite || hash.get("token")) history.replaceState(null, "", location.pathname);
  const allTokens = () => Object.values(tokens);

  // This browser's Kipukas record (#affinity) when it has no account, kept by /kipukas/progress.
  const RECORD = "soulforge.kipukas.progress";
  const kipukasRecord = () => { try { return JSON.parse(localStorage.getItem(RECORD) || "null"); } catch { return null; } };
  const signedIn = () => document.cookie.split(";").some((c) => c.trim().startsWith("sf_csrf="));

  // At the end of a Kipukas table played with the records, a browser without an account
  // holding one seat grows its record from the game, once per table (the server counts each
  // part once a day, the rulebook's rule). A signed-in account grew on the server already.
  async function countGame(p) {
    const done = "soulforge.kipukas.counted:" + tableId;
    if (!p.is_over || p.game !== "kipukas" || p.seats_held.length !== 1 || signedIn()
        || localStorage.getItem(done)) return;
    localStorage.setItem(done, "1");
    const res = await fetch("/api/kipukas/progress/tables/" + tableId, {
      method: "POST",
      headers: {"Content-Type": "application/json", "X-Seat-Token": allTokens().join(",")},
      body: JSON.stringify({progress: kipukasRecord(), records_only: true}),
    });
    if (!res.ok) return; // not played with the records, or the record refused: nothing to keep
    const answer = await res.json();
    if (!answer.stored) localStorage.setItem(RECORD, JSON.stringify(answer.progress));
    const news = $("records-news");
    if (news) news.textContent = answer.grew.length ? "Your Kipukas record grew: " + answer.grew.join("; ")
      : "Your Kipukas record: already counted today.";
  }

  async function claimInvite() {
    if (!invite || tokens[String(invite.seat)]) return;
    const name = localStorage.getItem("soulforge:name") || null;
    const data = await call("/claim", {...invite, name, my_record: kipukasRecord()});
    if (!data) return;
    tokens[String(data.seat)] = data.token;
    localStorage.setItem(key, JSON.stringify(tokens));
  }

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  function seatName(p, s) {
    const who = p.seats[s];
    const mine = p.seats_held.includes(s) ? " (you)" : "";
    const named = who && who.name ? " · " + who.name : "";
    return "Seat " + s + (who && who.kind === "ai" ? " · AI " + who.level : named) + mine;
  }

  function withNames(p, line) {
    // The log says "seat 1": the page adds the player's name (as text, never as HTML).
    return line.replace(/\bseat (\d+)\b/gi, (all, s) => {
      const who = p.seats[Number(s)];
      return who && who.name ? all + " (" + who.name + ")" : all;
    });
  }

  // The log grows by a line or two a move: the lines shown stay and the new ones are added
  // (a long game's log is hundreds of lines, all drawn again on every move before), unless
  // a name changed or the log is not the one shown continued (an undo, another viewer).
  let logShown = {lines: [], names: ""};
  function showLog(p) {
    const names = JSON.stringify(p.seats.map((s) => s.name || ""));
    const kept = names === logShown.names && logShown.lines.length <= p.log.length
      && logShown.lines.every((line, i) => line === p.log[i]);
    const fresh = p.log.slice(kept ? logShown.lines.length : 0).map((line) => el("li", withNames(p, line)));
    if (kept) $("log").append(...fresh); else $("log").replaceChildren(...fresh);
    logShown = {lines: p.log, names: names};
    if (fresh.length || !kept) $("log").scrollTop = $("log").scrollHeight;
  }

  // The board is drawn again from the payload's SVG on every move, but a move changes a few
  // of its elements: the nodes are patched to the new drawing, not replaced, so Chromium lays
  // out and paints only what changed, and a board element keeps its keyboard focus across a
  // move. The result is the markup a fresh drawing gives (a reload shows the same board).
  function patchable(old, node) {
    // In place only when the attributes are the same names in the same order: a value set
    // keeps its attribute's place, an attribute added would go last, unlike a fresh drawing.
    return node.nodeType === Node.ELEMENT_NODE && old.nodeName === node.nodeName
      && String(old.getAttributeNames()) === String(node.getAttributeNames());
  }
  function morph(into, from) {
    // The children of `into` made equal to those of `from` (parsed, detached), node by node.
    const olds = into.childNodes, news = [...from.childNodes];
    news.forEach((node, i) => {
      const old = olds[i];
      if (!old) into.append(node);
      else if (old.isEqualNode(node)) return; // unchanged: compared natively, not node by node
      else if (patchable(old, node)) {
        for (const {name, value} of node.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
        morph(old, node);
      } else if (old.nodeType === Node.TEXT_NODE && node.nodeType === Node.TEXT_NODE) old.nodeValue = node.nodeValue;
      else old.replaceWith(node);
    });
    while (olds.length > news.length) into.lastChild.remove();
  }
  function drawBoard(svg) {
    const parsed = document.createElement("template");
    parsed.innerHTML = svg;
    morph($("board"), parsed.content);
  }

  const sameViewer = (a, b) => a.seat === b.seat && String(a.seats_held) === String(b.seats_held);

  function render(p) {
    if (last && p.version < last.version) return; // an older payload overtaken by a newer one
    // The same version twice (a move's answer, then its broadcast) is the same table: drawing
    // it again would drop the click path the player has started meanwhile.
    if (last && p.version === last.version && sameViewer(p, last)) return;
    const before = last;
    last = p;
    document.body.dataset.move = p.move; // for tests and styles
    document.body.dataset.turn = p.is_over ? "over" : p.seat !== null && p.current_player === p.seat ? "mine" : "other";
    yourTurn(before, p);
    drawBoard(p.svg);
    $("prompt").textContent = p.prompt;
    $("turn").textContent = p.is_over ? "Game over"
      : p.seat !== null && p.current_player === p.seat ? "Your decision (" + seatName(p, p.seat) + ")"
      : "Waiting for " + seatName(p, p.current_player);
    $("turn").classList.toggle("mine", !p.is_over && p.current_player === p.seat && p.seat !== null);
    $("thinking").hidden = !p.thinking;
    // A change that is no move (a name, a seat taken, a chat setting) keeps the path begun.
    const sameDecision = before && before.move === p.move && sameViewer(p, before);
    if (!sameDecision || !p.legal.some((item) => item.path && startsWith(item.path, picked))) picked = [];
    showChoices();
    $("undo").hidden = !p.can_undo;
    $("over").hidden = !p.is_over;
    if (p.is_over) $("result").textContent = (p.verdict ? p.verdict + " " : "") + p.outcome;
    showRematch(p);
    countGame(p);
    showClock(p);
    const host = p.seats.find((s) => s.kind === "human");
    $("seats").replaceChildren(...p.seats.map((s) => {
      const account = (s.account && s.account !== s.name ? " · account " + s.account : "")
        + (s.rating != null ? " (rating " + s.rating + ")" : "");
      const li = el("li", seatName(p, s.seat) + account + (s.kind === "human" && !s.claimed ? " · free" : ""));
      if (s.seat === p.current_player) li.className = "current";
      // A new one-time link: for one's own seat (to move it to another device: this browser
      // loses it), or, by the table's creator, for a seat nobody has taken yet.
      const mine = p.seats_held.includes(s.seat) && !p.is_over;
      const reissue = s.kind === "human" && !s.claimed && host && p.seats_held.includes(host.seat);
      if (mine || reissue) {
        const b = el("button", mine ? "Link to move this seat" : "New invite link", "link-seat");
        b.addEventListener("click", () => newLink(s.seat, mine));
        li.append(" ", b);
      }
      return li;
    }));
    showLog(p);
    const seated = p.seats_held.length > 0;
    $("name-form").hidden = !seated;
    if (seated && document.activeElement !== $("name-text")) $("name-text").value = p.seats[p.seats_held[0]].name || "";
    $("mute-label").hidden = !seated;
    $("mute").checked = p.spectators_muted;
    $("chat-form").hidden = !seated && p.spectators_muted;
  }

  // -- click paths: each legal action names the board things clicked to make it, in order.
  const boardHandles = () => new Set([...$("board").querySelectorAll("[data-handle]")].map((n) => n.dataset.handle));
  const startsWith = (path, prefix) => prefix.every((h, i) => path[i] === h);

  function clickable(item, present) {
    // An action is made on the board when every handle of its path is drawn there.
    return item.path && item.path.length > 0 && item.path.every((h) => present.has(h));
  }

  function button(item, text) {
    const b = el("button", text || item.label, "action");
    b.dataset.action = JSON.stringify(item.action);
    b.addEventListener("click", () => send(item.action));
    return b;
  }

  function showChoices() {
    // Buttons only for what the board cannot show, or to choose among the actions the clicks
    // so far complete; the board outlines what can be clicked next.
    document.body.dataset.picked = String(picked.length); // for tests and styles
    const legal = last ? last.legal : [], present = boardHandles();
    const onBoard = legal.filter((item) => clickable(item, present));
    const open = onBoard.filter((item) => startsWith(item.path, picked));
    const done = open.filter((item) => item.path.length === picked.length);
    const next = new Set(open.filter((item) => item.path.length > picked.length).map((item) => item.path[picked.length]));
    const rings = {can: new Set(), picked: new Set()};
    for (const node of $("board").querySelectorAll("[data-handle]")) {
      const can = next.has(node.dataset.handle), chosen = picked.includes(node.dataset.handle);
      node.classList.toggle("can", can);
      node.classList.toggle("picked", chosen);
      if (can) rings.can.add(ringOf(node));
      if (chosen) rings.picked.add(ringOf(node));
      if (can) { node.setAttribute("tabindex", "0"); node.setAttribute("role", "button"); }
      else { node.removeAttribute("tabindex"); node.removeAttribute("role"); }
    }
    // A shape may be the ring of two handles (a portal's and the tile's it holds): the rings
    // are set from the sets, so the last handle visited does not undo the first.
    for (const shape of $("board").querySelectorAll(".ring-can, .ring-picked")) shape.classList.remove("ring-can", "ring-picked");
    for (const shape of rings.can) shape.classList.add("ring-can");
    for (const shape of rings.picked) shape.classList.add("ring-picked");
    const buttons = picked.length ? done.map((item) => button(item))
      : legal.filter((item) => !clickable(item, present)).map((item) => button(item));
    if (picked.length) {
      const back = el("button", "Back", "action back");
      back.addEventListener("click", stepBack);
      buttons.push(back);
    }
    $("actions").replaceChildren(...buttons);
  }

  // The ring of a board element: its first drawn shape, else its groups' (a piece, a portal),
  // else its invisible hit area, else the element itself (by an outline). Found here rather
  // than by a CSS child selector, so a <title>, a label or a hit area drawn before the shape
  // does not hide the ring (Soulshards' cards begin with their <title>). The stroke goes on
  // the shape itself: its own stroke attribute would win over an inherited stroke, and the
  // text in the element must not get one.
  const SHAPES = "rect, polygon, circle, ellipse, path";
  function drawnShape(node) {
    const kids = [...node.children];
    const own = kids.find((kid) => kid.matches(SHAPES) && !kid.classList.contains("hit"));
    if (own) return own;
    for (const group of kids.filter((kid) => kid.tagName.toLowerCase() === "g")) {
      const inner = drawnShape(group);
      if (inner) return inner;
    }
    return null;
  }
  function ringOf(node) {
    return drawnShape(node) || [...node.children].find((kid) => kid.matches(SHAPES)) || node;
  }

  function openPaths() {
    const present = boardHandles();
    return last.legal.filter((item) => clickable(item, present) && startsWith(item.path, picked));
  }

  function clickedHandle(target) {
    // Handles may nest (a piece on a cell): the innermost one that can be clicked next wins.
    const next = new Set(openPaths().map((item) => item.path[picked.length]));
    let node = target.closest && target.closest("[data-handle]");
    const innermost = node;
    while (node) {
      if (next.has(node.dataset.handle)) return node.dataset.handle;
      node = node.parentElement && node.parentElement.closest("[data-handle]");
    }
    return innermost ? innermost.dataset.handle : null;
  }

  function pick(handle) {
    if (!last) return;
    const open = openPaths();
    if (!open.some((item) => item.path[picked.length] === handle)) { picked = []; showChoices(); return; }
    picked.push(handle);
    const left = open.filter((item) => item.path[picked.length - 1] === handle);
    if (left.length === 1 && left[0].path.length === picked.length) {
      document.body.dataset.picked = "0";
      send(left[0].action);
      return;
    }
    showChoices();
  }

  function stepBack() {
    picked.pop();
    showChoices();
  }

  function showError(text) {
    $("error").textContent = text || "";
  }

  // POST to this table's API with this browser's tokens: the answer's JSON ({} for a 204),
  // or null once the refusal is shown (a 409 also fetches the table anew).
  async function call(path, body) {
    const res = await fetch("/api/tables/" + tableId + path, {
      method: "POST",
      headers: {"Content-Type": "application/json", "X-Seat-Token": allTokens().join(",")},
      body: JSON.stringify(body || {}),
    });
    const data = res.status === 204 ? {} : await res.json();
    if (res.ok) { showError(""); return data; }
    showError(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail));
    if (res.status === 409) refresh();
    return null;
  }

  async function post(path, body) {
    // An answer that is the table's new state is shown; else the websocket brings it.
    const data = await call(path, body);
    if (data && data.type === "state") render(data);
  }

  function send(action) {
    if (!last) return;
    document.body.dataset.sent = String(last.move); // for tests: an action sent at this move
    return post("/actions", {move: last.move, action: action,
      seat: last.seats_held.includes(last.current_player) ? last.current_player : null});
  }

  // -- "your turn" (issue 34): the tab's title says so, and, with permission, a notification
  // when the turn comes to this browser's seat while the page is hidden (turn-based tables).
  const baseTitle = document.title;
  function yourTurn(before, p) {
    const mine = !p.is_over && p.seat !== null && p.current_player === p.seat;
    document.title = (mine ? "(Your turn) " : "") + baseTitle;
    const wasMine = before && !before.is_over && before.seat !== null && before.current_player === before.seat;
    if (mine && before && !wasMine && document.hidden && "Notification" in window
        && Notification.permission === "granted") {
      new Notification("Soulforge: your turn", {body: p.title + ": " + p.prompt, tag: "soulforge-" + p.table});
    }
    const ask = $("notify");
    if (ask) ask.hidden = !(p.clock && p.clock.per_move && p.seats_held.length && !p.is_over
      && "Notification" in window && Notification.permission === "default");
  }
  if ($("notify")) $("notify").addEventListener("click", async () => {
    await Notification.requestPermission();
    if (last) yourTurn(last, last);
  });

  // -- the turn clock: the server sends each bank as of `since`; the page counts down.
  const clockText = (secs) => {
    const s = Math.max(0, Math.floor(secs));
    if (s >= 86400) return Math.floor(s / 86400) + " d " + Math.floor((s % 86400) / 3600) + " h";
    if (s >= 3600) return Math.floor(s / 3600) + " h " + String(Math.floor((s % 3600) / 60)).padStart(2, "0") + " min";
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  };
  function showClock(p) {
    const box = $("clock");
    if (!p.clock) { box.hidden = true; return; }
    box.hidden = false;
    const c = p.clock, now = Date.now() / 1000;
    const left = (s) => c.bank[s] - (s === c.running ? now - c.since : 0);
    box.replaceChildren(...p.seats.filter((s) => s.kind === "human").map((s) => {
      const out = left(s.seat) <= 0 && s.seat === c.running && !p.is_over;
      const item = el("span", "Seat " + s.seat + " " + clockText(left(s.seat)) + (out ? " · out of time" : ""),
        "bank" + (s.seat === c.running ? " running" : ""));
      if (out && p.seats_held.length && !p.seats_held.includes(s.seat)) {
        const b = el("button", "Claim the win", "claim");
        b.addEventListener("click", () => post("/clock/claim", {}));
        item.append(" ", b);
      }
      return item;
    }));
  }
  setInterval(() => { if (last && last.clock && !last.is_over) showClock(last); }, 1000);

  function showRematch(p) {
    // At the end: offer a rematch (seats moved one place on), or accept the one offered.
    const box = $("rematch");
    if (!p.is_over) { box.replaceChildren(); return; }
    if (!p.rematch) {
      if (!p.seats_held.length) { box.replaceChildren(); return; }
      const b = el("button", "Offer a rematch", "rematch");
      b.addEventListener("click", offerRematch);
      box.replaceChildren(b);
      return;
    }
    const a = el("a", p.rematch.invite ? "Accept the rematch (seat " + p.rematch.seat + ")" : "Go to the rematch");
    a.href = "/t/" + p.rematch.table + (p.rematch.invite ? "#seat=" + p.rematch.seat + "&invite=" + p.rematch.invite : "");
    a.className = "go";
    box.replaceChildren(a);
  }

  async function offerRematch() {
    const data = await call("/rematch");
    if (!data) return;
    localStorage.setItem("soulforge:" + data.table, JSON.stringify(data.tokens));
    location.href = "/t/" + data.table;
  }

  async function newLink(seat, mine) {
    if (mine && !confirm("This browser will leave the seat until the new link is opened. Go on?")) return;
    const data = await call("/seats/" + seat + "/invite");
    if (!data) return;
    if (mine) { delete tokens[String(seat)]; localStorage.setItem(key, JSON.stringify(tokens)); }
    const input = el("input", undefined, "invite");
    input.readOnly = true; input.value = data.invite;
    input.setAttribute("aria-label", "One-time link for seat " + seat);
    $("links").replaceChildren(el("span", "One-time link for seat " + seat + ": "), input);
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
      else if (msg.type === "chat") showChat(msg);
      else if (msg.type === "error") showError(msg.detail);
    };
    socket.onclose = (event) => {
      if (event.code >= 4000) return; // refused (e.g. a bad token): do not hammer the server
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  // Long-press on touch: what hover shows (an element's <title>: a card's text, a cell's name)
  // appears in a tip below the board, until the next touch.
  let pressing = null;
  function titleOf(node) {
    for (let at = node; at && at !== $("board"); at = at.parentElement) {
      const title = [...at.children].find((child) => child.tagName.toLowerCase() === "title");
      if (title) return title.textContent;
    }
    return null;
  }
  $("board").addEventListener("touchstart", (event) => {
    $("tip").hidden = true;
    const text = titleOf(event.target);
    if (text) pressing = setTimeout(() => { $("tip").textContent = text; $("tip").hidden = false; }, LONG_PRESS);
  }, {passive: true});
  for (const end of ["touchend", "touchmove", "touchcancel"]) {
    $("board").addEventListener(end, () => clearTimeout(pressing), {passive: true});
  }

  $("board").addEventListener("click", (event) => {
    const handle = last && clickedHandle(event.target);
    if (handle) { pick(handle); return; }
    const target = event.target.closest && event.target.closest(".target");
    if (target && target.dataset.action) { send(JSON.parse(target.dataset.action)); return; }
    if (picked.length) { picked = []; showChoices(); } // a click elsewhere steps back
  });
  $("board").addEventListener("keydown", (event) => {
    const handle = last && clickedHandle(event.target);
    if (handle && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); pick(handle); }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && picked.length) stepBack();
  });
  $("undo").addEventListener("click", () => last && post("/undo", {move: last.move}));
  // For tests: every click counted once the page has handled it (the board's and the buttons'
  // listeners ran first). A count no render resets, unlike data-picked, which a re-render of
  // the board (or a click off the path) sets back to 0: a test waits on this, then looks.
  let clicks = 0;
  document.addEventListener("click", () => { document.body.dataset.clicks = String(++clicks); });

  // -- names and chat: the name is kept in this browser for the next table too.
  const seen = new Set();
  function showChat(m) {
    if (seen.has(m.number)) return;
    seen.add(m.number);
    const li = el("li");
    li.append(el("b", m.name + ": "), document.createTextNode(m.text));
    $("chat").append(li);
    $("chat").scrollTop = $("chat").scrollHeight;
  }
  async function loadChat() {
    const res = await fetch("/api/tables/" + tableId + "/chat");
    if (res.ok) (await res.json()).forEach(showChat);
  }
  $("chat-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("chat-text").value;
    if (!text.trim()) return;
    const data = await call("/chat", {text});
    if (!data) return;
    $("chat-text").value = "";
    showChat(data);
  });
  $("name-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!last || !last.seats_held.length) return;
    const name = $("name-text").value;
    localStorage.setItem("soulforge:name", name);
    for (const seat of last.seats_held) await post("/name", {seat, name});
  });
  $("mute").addEventListener("change", () => post("/chat/mute", {muted: $("mute").checked}));
  claimInvite().finally(() => { connect(); loadChat(); });
})();
