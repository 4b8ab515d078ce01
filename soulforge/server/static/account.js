// Accounts (issue 34), on every page: the sign-in state in the header; the session's CSRF
// token sent as X-CSRF-Token with every write of the page (the server refuses a write that
// carries the session cookie without it); this browser's anonymous seats attached to the
// account right after signing in. No token comes back: the session itself acts for the
// account's seats, on every device signed in to it.
(() => {
  const cookie = (name) => {
    const found = document.cookie.split("; ").find((c) => c.startsWith(name + "="));
    return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
  };
  const plainFetch = window.fetch.bind(window);
  window.fetch = (input, init = {}) => {
    const method = (init.method || "GET").toUpperCase();
    const csrf = cookie("sf_csrf");
    if (csrf && !["GET", "HEAD", "OPTIONS"].includes(method)) {
      const headers = new Headers(init.headers || {});
      headers.set("X-CSRF-Token", csrf);
      init = {...init, headers};
    }
    return plainFetch(input, init);
  };

  const SEATS = "soulforge:";
  function seatKeys() {
    return Object.keys(localStorage).filter((k) => k.startsWith(SEATS) && k !== SEATS + "name");
  }
  function readSeats(key) {
    try { const t = JSON.parse(localStorage.getItem(key) || "{}"); return t && typeof t === "object" ? t : {}; }
    catch { return {}; }
  }
  async function attachAnonymousSeats() {
    for (const key of seatKeys()) {
      for (const [seat, token] of Object.entries(readSeats(key))) {
        await fetch("/api/account/seats", {method: "POST", headers: {"Content-Type": "application/json"},
          body: JSON.stringify({table: key.slice(SEATS.length), seat: Number(seat), token})});
      }
    }
  }
  const box = document.getElementById("account");
  function el(tag, text, attrs) {
    const node = document.createElement(tag);
    if (text) node.textContent = text;
    Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
    return node;
  }
  async function post(path, body) {
    const res = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
      body: body ? JSON.stringify(body) : undefined});
    const data = res.status === 204 ? {} : await res.json().catch(() => ({}));
    return {ok: res.ok, data};
  }
  function signedOut() {
    const form = document.getElementById("sign-in");
    if (box) box.replaceChildren(el("a", "Sign in", {href: "/#sign-in"}));
    if (!form) return;
    form.hidden = false;
    const name = el("input", "", {name: "name", autocomplete: "username", maxlength: "32", required: ""});
    const password = el("input", "", {name: "password", type: "password", autocomplete: "current-password",
      minlength: "8", required: ""});
    const said = el("p", "", {class: "account-error", role: "status"});
    const go = async (path) => {
      const answer = await post(path, {name: name.value, password: password.value});
      if (!answer.ok) { said.textContent = typeof answer.data.detail === "string" ? answer.data.detail : "refused"; return; }
      await attachAnonymousSeats();
      location.reload();
    };
    const signIn = el("button", "Sign in", {type: "submit"});
    const register = el("button", "Register", {type: "button"});
    register.addEventListener("click", () => go("/api/account/register"));
    const f = el("form", "", {class: "account-form"});
    f.addEventListener("submit", (e) => { e.preventDefault(); go("/api/account/sign-in"); });
    const nameLabel = el("label", "Account name ");
    nameLabel.append(name);
    const passwordLabel = el("label", "Password ");
    passwordLabel.append(password);
    f.append(el("h2", "Account (optional: play needs none)"), nameLabel, passwordLabel, signIn, register, said);
    form.replaceChildren(f);
  }
  function signedIn(account) {
    if (!box) return;
    const out = el("button", "Sign out", {type: "button"});
    out.addEventListener("click", async () => { await post("/api/account/sign-out"); location.reload(); });
    const all = el("button", "Sign out everywhere", {type: "button"});
    all.addEventListener("click", async () => { await post("/api/account/sign-out-everywhere"); location.reload(); });
    box.replaceChildren(el("a", account.name, {href: "/u/" + encodeURIComponent(account.name)}), " ", out, " ", all);
  }
  // "Your turn" (issue 34): the account's games waiting for it, in the lobby; the tab's title
  // counts them and, with permission, a notification says when one more comes (checked every
  // minute: turn-based games need no open connection).
  const baseTitle = document.title;
  let known = null;
  async function turns() {
    const res = await fetch("/api/account/turns");
    if (!res.ok) return;
    const games = await res.json();
    const onTable = /^\/t\//.test(location.pathname);  // the table page says it itself
    if (!onTable) document.title = (games.length ? "(" + games.length + ") Your turn - " : "") + baseTitle;
    const fresh = known === null ? [] : games.filter((g) => !known.has(g.table + ":" + g.seat));
    known = new Set(games.map((g) => g.table + ":" + g.seat));
    if (fresh.length && document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification("Soulforge: your turn", {body: fresh.map((g) => g.game).join(", "), tag: "soulforge-turns"});
    }
    const form = document.getElementById("sign-in");
    if (!form) return;
    form.hidden = false;
    const list = el("ul", "", {id: "your-turn", class: "your-turn"});
    games.forEach((g) => {
      const li = el("li");
      li.append(el("a", g.game + " (seat " + g.seat + ")", {href: "/t/" + g.table}));
      list.append(li);
    });
    const parts = [el("h2", games.length ? "Your turn" : "Your turn: no game waits for you"), list];
    if ("Notification" in window && Notification.permission === "default") {
      const ask = el("button", "Notify me when it is my turn", {type: "button"});
      ask.addEventListener("click", async () => { await Notification.requestPermission(); turns(); });
      parts.push(ask);
    }
    form.replaceChildren(...parts);
  }
  (async () => {
    if (!cookie("sf_csrf")) { signedOut(); return; }
    const res = await fetch("/api/account");
    if (!res.ok) { signedOut(); return; }
    signedIn((await res.json()).account);
    await turns();
    setInterval(turns, 60000);
  })();
})();
