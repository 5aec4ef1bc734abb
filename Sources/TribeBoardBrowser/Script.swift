/// The page's only script. The server renders every screen; this sends what the person did (a form's fields, over a
/// socket once one is open) and swaps in the parts of the page that came back (``UpdateFormat``), follows other windows' changes over server-sent events, maps the
/// number keys to the phone in hand's actions, and opens a deep link's step. Without it the forms still work, a
/// page at a time.
enum Script {
  static let js = #"""
    "use strict";
    (() => {
      const body = document.body;
      const base = body.dataset.base;
      let version = Number(body.dataset.version);
      window.tribeboardTimings = [];
      let pending = Promise.resolve();
      const accept = "application/vnd.tribeboard.update+html";

      // An update is HTML: a first template with the version, wait and address, then a template per part of the
      // page, whose content replaces that of the element with its id.
      function parse(text) {
        const holder = document.createElement("template");
        holder.innerHTML = text;
        const parts = [...holder.content.children];
        const meta = parts.length ? parts[0].dataset : {};
        return {
          problem: meta.problem, version: Number(meta.version), wait: Number(meta.wait || 0),
          reload: meta.reload !== undefined, url: meta.url, regions: parts.slice(1),
        };
      }

      function apply(state, options) {
        if (state.problem !== undefined) { showProblem("The server answered: " + state.problem); return; }
        if (state.reload) { location.href = location.pathname + (state.url || ""); return; }
        if (state.version < version || (state.version === version && !options.own)) return;
        version = state.version;
        for (const part of state.regions) {
          const element = document.getElementById(part.dataset.region);
          if (element) element.replaceChildren(part.content);
        }
        if (state.url !== undefined && location.search !== state.url) {
          history.replaceState(null, "", location.pathname + state.url);
        }
        if (options.focus) {
          const heading = document.querySelector(".phone.acting .title");
          if (heading) heading.focus({ preventScroll: false });
        }
      }

      function showProblem(text) { document.getElementById("log").textContent = text; }

      // Steps go over a socket once it is open (one message each way); a post each until then, or without one.
      // A socket that closes is opened again, after a pause that grows while the server stays away.
      let socket = null;
      let answered = null;
      let pause = 500;
      function connect() {
        if (!window.WebSocket) return;
        const opening = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host +
          base + "/socket");
        // `data-socket` on the body says whether steps go over the socket (for tests and the curious).
        opening.onopen = () => { socket = opening; body.dataset.socket = "open"; pause = 500; };
        opening.onmessage = (event) => { if (answered) { const done = answered; answered = null; done(event.data); } };
        opening.onclose = () => {
          if (socket === opening) { socket = null; delete body.dataset.socket; }
          if (answered) { const done = answered; answered = null; done(null); }
          setTimeout(connect, pause);
          pause = Math.min(pause * 2, 30000);
        };
      }
      connect();

      async function exchange(url, body) {
        if (socket && new URL(url, location.href).pathname === base + "/input") {
          const text = await new Promise((resolve) => { answered = resolve; socket.send(body.toString()); });
          if (text !== null) return text;
          // The socket closed with the step under way: the server may have taken it, and sending it again could
          // take it twice. Show the simulation as it now is instead; the person sees whether it happened.
          return fetchText(base + "/state?known=" + body.get("known"), { headers: { "Accept": accept } });
        }
        return fetchText(url, {
          method: "POST", body: body, headers: { "Accept": accept }, credentials: "same-origin",
        });
      }

      async function fetchText(url, init) {
        const response = await fetch(url, init);
        if (!response.ok) {
          showProblem("The server answered " + response.status + ": " + (await response.text()).slice(0, 300));
          return null;
        }
        return response.text();
      }

      function send(url, data, options) {
        const started = performance.now();
        pending = pending.then(async () => {
          const body = new URLSearchParams(data);
          body.set("known", String(version));
          const text = await exchange(url, body);
          if (text === null) return;
          const state = parse(text);
          const phone = document.querySelector(".phone.acting");
          if (state.wait > 0 && phone) {
            phone.classList.add("loading");
            phone.setAttribute("aria-busy", "true");
            await new Promise((resolve) => setTimeout(resolve, state.wait));
          }
          apply(state, options);
          window.tribeboardTimings.push(performance.now() - started);
        }).catch((error) => {
          showProblem("Could not reach the simulator: " + error);
        });
        return pending;
      }

      document.addEventListener("submit", (event) => {
        const form = event.target;
        if (!(form instanceof HTMLFormElement) || form.method !== "post" || form.dataset.plain !== undefined) return;
        event.preventDefault();
        const data = new FormData(form, event.submitter);
        const fromCommand = form.id === "command-form";
        send(form.action, data, { focus: !fromCommand, own: true });
        if (fromCommand) form.reset();
      });

      document.addEventListener("keydown", (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) return;
        const target = event.target;
        if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement ||
            target instanceof HTMLTextAreaElement) return;
        const control = document.querySelector('.phone.acting [data-n="' + event.key + '"]');
        if (!control) return;
        event.preventDefault();
        const input = control.form && control.form.querySelector("input[name=value], select[name=value]");
        if (input) input.focus(); else control.click();
      });

      async function refresh() {
        const response = await fetch(base + "/state?known=" + version, { headers: { "Accept": accept } });
        if (response.ok) apply(parse(await response.text()), { focus: false });
      }

      if (window.EventSource) {
        const events = new EventSource(base + "/events");
        // Checked again when its turn comes: a step of this window's own may have brought that version already.
        events.onmessage = (event) => {
          const wanted = Number(event.data);
          if (wanted > version) pending = pending.then(() => (wanted > version ? refresh() : undefined));
        };
      }

      const link = new URLSearchParams(location.search);
      const wantedScenario = link.get("scenario");
      const wantedStep = link.get("go");
      if (wantedScenario && wantedScenario !== body.dataset.scenario) {
        send(base + "/input", { line: ":scenario " + wantedScenario, go: wantedStep || "" }, { focus: true, own: true });
      } else if (wantedStep && wantedStep !== body.dataset.go) {
        send(base + "/input", { line: ":go " + wantedStep }, { focus: true, own: true });
      }
    })();
    """#
}
