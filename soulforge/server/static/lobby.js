// The lobby: create a table (JSON API), join an open one. No framework.
"use strict";
(() => {
  const remember = (table, seat, token) => {
    const key = "soulforge:" + table;
    const tokens = JSON.parse(localStorage.getItem(key) || "{}");
    tokens[String(seat)] = token;
    localStorage.setItem(key, JSON.stringify(tokens));
  };

  // The player's display name, kept in this browser for every table.
  const nameInput = document.getElementById("your-name");
  const myName = () => (nameInput ? nameInput.value.trim() : "") || null;
  if (nameInput) {
    nameInput.value = localStorage.getItem("soulforge:name") || "";
    nameInput.addEventListener("change", () => localStorage.setItem("soulforge:name", nameInput.value.trim()));
  }

  function showSeats(form) {
    const n = Number(form.elements.players.value);
    form.querySelectorAll(".seat").forEach((label) => { label.hidden = Number(label.dataset.seat) >= n; });
  }

  document.querySelectorAll("form.new-table").forEach((form) => {
    showSeats(form);
    form.elements.players.addEventListener("change", () => showSeats(form));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const players = Number(form.elements.players.value);
      const seats = [];
      for (let i = 0; i < players; i++) {
        const [kind, level] = form.elements["seat" + i].value.split(":");
        seats.push(kind === "ai" ? {kind, level} : {kind});
      }
      const options = {};
      form.querySelectorAll("[name^='opt:']").forEach((input) => {
        const name = input.name.slice(4), type = input.dataset.type;
        options[name] = type === "bool" ? input.checked : type === "int" ? Number(input.value) : input.value;
      });
      const body = {game: form.dataset.game, players, seats, options,
        seed: form.elements.seed.value === "" ? null : Number(form.elements.seed.value),
        hot_seat: form.elements.hot_seat.checked, listed: form.elements.listed.checked, name: myName(),
        rated: form.elements.rated.checked,
        turn_hours: form.elements.turn_hours.value === "" ? null : Number(form.elements.turn_hours.value),
        clock_minutes: form.elements.clock.value === "" ? null : Number(form.elements.clock.value)};
      const res = await fetch("/api/tables", {method: "POST",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
      const data = await res.json();
      const out = form.querySelector(".created");
      if (!res.ok) { out.textContent = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail); return; }
      const mine = data.seats.filter((s) => s.token);
      mine.forEach((s) => remember(data.table, s.seat, s.token));
      const others = data.seats.filter((s) => s.invite);  // one-time links: the first to open one takes it
      if (!others.length) { location.href = "/t/" + data.table; return; }
      out.replaceChildren();
      const go = document.createElement("a");
      go.href = "/t/" + data.table; go.textContent = "Go to your table (seat " + mine[0].seat + ")";
      go.className = "go";
      out.append(go, document.createElement("br"),
        "Invite links for the other players (each works once, for the first browser that opens it):");
      others.forEach((s) => {
        const input = document.createElement("input");
        input.readOnly = true; input.value = s.invite; input.className = "invite";
        input.dataset.seat = s.seat;
        out.append(document.createElement("br"), "Seat " + s.seat + ": ", input);
      });
    });
  });

  // A browser's Kipukas record (#affinity, kept by /kipukas/progress): a seat taken before the
  // first move of a table played with the records brings it (the server ignores it elsewhere).
  const kipukasRecord = () => {
    try { return JSON.parse(localStorage.getItem("soulforge.kipukas.progress") || "null"); } catch { return null; }
  };

  document.querySelectorAll("button.join").forEach((button) => {
    button.addEventListener("click", async () => {
      const res = await fetch("/api/tables/" + button.dataset.table + "/join", {method: "POST",
        headers: {"Content-Type": "application/json"},
        body: JSON.stringify({name: myName(), my_record: kipukasRecord()})});
      const data = await res.json();
      if (!res.ok) { button.textContent = data.detail; return; }
      remember(data.table, data.seat, data.token);
      location.href = "/t/" + data.table;
    });
  });
})();
