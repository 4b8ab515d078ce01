// The Kipukas binder (issue 33): the damage tracker of a card page (kept in localStorage, and
// with the account when signed in), its reset from the toolbar, and the rules help of a table.
// No rule lives here: the boxes are the card's data, the answers the engine's.
(() => {
  "use strict";
  const PREFIX = "soulforge:kipukas:damage:";
  const signedIn = () => document.cookie.split(";").some((c) => c.trim().startsWith("sf_csrf="));
  const csrf = () => {
    const found = document.cookie.split(";").map((c) => c.trim()).find((c) => c.startsWith("sf_csrf="));
    return found ? decodeURIComponent(found.slice(8)) : "";
  };
  const write = (method, url, body) => fetch(url, {
    method, credentials: "same-origin",
    headers: Object.assign({"X-CSRF-Token": csrf()}, body ? {"Content-Type": "application/json"} : {}),
    body: body ? JSON.stringify(body) : undefined,
  });

  // -- the toolbar's reset ---------------------------------------------------------------------------
  const reset = document.getElementById("reset-damage");
  if (reset) {
    reset.hidden = false;
    reset.addEventListener("click", async () => {
      if (!window.confirm("Clear every card's damage marks (after a game)?")) return;
      Object.keys(localStorage).filter((k) => k.startsWith(PREFIX)).forEach((k) => localStorage.removeItem(k));
      if (signedIn()) await write("DELETE", "/api/kipukas/damage");
      document.getElementById("reset-said").textContent = "Damage cleared.";
      if (tracker) load({injuries: [], wasted: false});
    });
  }

  // -- the damage tracker ------------------------------------------------------------------------------
  const tracker = document.getElementById("tracker");
  const boxes = tracker ? Array.from(tracker.querySelectorAll("input.injury")) : [];
  const wasted = document.getElementById("wasted");
  const cardId = tracker ? tracker.dataset.card : "";

  function marks() {
    const injuries = [];
    boxes.forEach((b) => {
      const i = Number(b.dataset.means);
      injuries[i] = (injuries[i] || 0) + (b.checked ? 1 : 0);
    });
    const means = tracker.querySelectorAll("li.means").length;
    for (let i = 0; i < means; i++) injuries[i] = injuries[i] || 0;
    return {injuries, wasted: wasted.checked};
  }

  function show() {
    // #ADRH: once every KEAL means is marked injured, the Final Blows section appears
    const all = boxes.length === 0 || boxes.every((b) => b.checked);
    document.getElementById("final-blows").hidden = !all;
    tracker.classList.toggle("downed", all);
    tracker.classList.toggle("is-wasted", wasted.checked);
  }

  function load(saved) {
    boxes.forEach((b) => {
      const hurt = (saved.injuries || [])[Number(b.dataset.means)] || 0;
      b.checked = Number(b.dataset.box) < hurt;
    });
    wasted.checked = Boolean(saved.wasted);
    show();
  }

  function save() {
    const now = marks();
    localStorage.setItem(PREFIX + cardId, JSON.stringify(now));
    show();
    if (signedIn()) write("PUT", "/api/kipukas/damage/" + encodeURIComponent(cardId), now);
  }

  if (tracker) {
    try { load(JSON.parse(localStorage.getItem(PREFIX + cardId) || "{}") || {}); } catch { load({}); }
    tracker.addEventListener("change", (event) => {
      const box = event.target;
      if (box.classList && box.classList.contains("injury")) {
        // a means' boxes fill in order: marking one marks those before it, clearing one those after
        const same = boxes.filter((b) => b.dataset.means === box.dataset.means);
        const at = Number(box.dataset.box);
        same.forEach((b) => { if (box.checked ? Number(b.dataset.box) < at : Number(b.dataset.box) > at) b.checked = box.checked; });
      }
      save();
    });
    if (signedIn()) {
      fetch("/api/kipukas/damage", {credentials: "same-origin"}).then((r) => r.ok ? r.json() : null).then((body) => {
        const kept = body && body.cards ? body.cards[cardId] : null;
        if (kept) { load(kept); localStorage.setItem(PREFIX + cardId, JSON.stringify(kept)); }
      }).catch(() => {});
    }
  }

  // -- a card page's rules help: the tables this browser holds a seat at -----------------------------
  const mine = document.getElementById("my-tables");
  if (mine) {
    const card = mine.dataset.card;
    const tables = Object.keys(localStorage)
      .map((k) => k.slice("soulforge:".length))
      .filter((id) => /^[A-Za-z0-9_-]{1,32}$/.test(id) && id !== "name")
      .slice(0, 8);
    tables.forEach((id) => {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = "/t/" + id + "/why?card=" + encodeURIComponent(card);
      a.textContent = "Why can't I … at table " + id + "?";
      li.append(a);
      mine.append(li);
    });
    mine.hidden = tables.length === 0;
  }

  // -- rules help at a table -----------------------------------------------------------------------------
  const why = document.querySelector("section.why");
  if (why) {
    const table = why.dataset.table, card = why.dataset.card;
    const tokens = () => {
      try { return Object.values(JSON.parse(localStorage.getItem("soulforge:" + table) || "{}")).join(","); }
      catch { return ""; }
    };
    const list = document.getElementById("answers");
    const item = (a) => {
      const li = document.createElement("li");
      li.className = a.allowed ? "allowed" : "refused";
      const what = document.createElement("strong");
      what.textContent = a.label || "that";
      li.append(what, document.createTextNode(a.allowed ? ": allowed now." : ": " + a.refusal + " "));
      if (!a.allowed && a.rule) {
        const rule = a.link ? document.createElement("a") : document.createElement("span");
        if (a.link) { rule.href = a.link; rule.target = "_blank"; rule.rel = "noopener"; }
        rule.className = "rule";
        rule.textContent = "(" + (a.section || a.rule) + ")";
        li.append(rule);
      }
      if (a.see && a.see.link) {  // an action kind not open now: where it is played
        const see = document.createElement("a");
        see.href = a.see.link; see.target = "_blank"; see.rel = "noopener"; see.className = "see";
        see.textContent = "Played under: " + (a.see.section || a.see.rule);
        const about = document.createElement("small");
        about.textContent = a.about || "";
        li.append(document.createElement("br"), about, document.createTextNode(" "), see);
      }
      return li;
    };
    const ask = async (text) => {
      const body = {text};
      if (card) body.card = card;
      const headers = {"Content-Type": "application/json", "X-CSRF-Token": csrf()};
      const seat = tokens();
      if (seat) headers["X-Seat-Token"] = seat;
      const res = await fetch("/api/tables/" + encodeURIComponent(table) + "/why",
        {method: "POST", credentials: "same-origin", headers, body: JSON.stringify(body)});
      const data = await res.json();
      list.replaceChildren();
      if (!res.ok) { list.append(item({label: "", allowed: false, refusal: data.detail || "error"})); return; }
      document.getElementById("why-seat").textContent =
        data.seat === null ? "You hold no seat here (a spectator)." : "Asked as seat " + data.seat + ".";
      if (!data.answers.length) list.append(item({label: text || "that", allowed: false,
        refusal: "no move of this position is named so: try other words"}));
      data.answers.forEach((a) => list.append(item(a)));
    };
    document.getElementById("why-form").addEventListener("submit", (event) => {
      event.preventDefault();
      ask(document.getElementById("why-text").value.trim());
    });
  }
})();
