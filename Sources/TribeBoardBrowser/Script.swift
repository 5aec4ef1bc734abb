/// The page's only script. The server renders every screen; this sends what the person did (a form's fields) and
/// swaps in the parts of the page that came back, follows other windows' changes over server-sent events, maps the
/// number keys to the phone in hand's actions, and opens a deep link's step. Without it the forms still work, a
/// page at a time.
enum Script {
  static let js = #"""
    "use strict";
    (() => {
      const body = document.body;
      const base = body.dataset.base;
      let version = Number(body.dataset.version);
      const regions = ["phones", "log", "status", "people", "faults", "record"];
      window.tribeboardTimings = [];
      let pending = Promise.resolve();

      const shown = {};
      function apply(state, options) {
        if (state.reload) { location.href = location.pathname + (state.url || ""); return; }
        if (state.version < version || (state.version === version && !options.own)) return;
        version = state.version;
        for (const name of regions) {
          const element = document.getElementById(name);
          if (element && typeof state[name] === "string" && shown[name] !== state[name]) {
            element.innerHTML = state[name];
            shown[name] = state[name];
          }
        }
        if (state.url !== undefined) history.replaceState(null, "", location.pathname + state.url);
        if (options.focus) {
          const heading = document.querySelector(".phone.acting .title");
          if (heading) heading.focus({ preventScroll: false });
        }
      }

      function send(url, data, options) {
        const started = performance.now();
        pending = pending.then(async () => {
          const body = new URLSearchParams(data);
          body.set("known", String(version));
          const response = await fetch(url, {
            method: "POST", body: body,
            headers: { "Accept": "application/json" }, credentials: "same-origin",
          });
          if (!response.ok) {
            document.getElementById("log").textContent = "The server answered " + response.status + ": " +
              (await response.text()).slice(0, 300);
            return;
          }
          const state = await response.json();
          const phone = document.querySelector(".phone.acting");
          if (state.wait > 0 && phone) {
            phone.classList.add("loading");
            phone.setAttribute("aria-busy", "true");
            await new Promise((resolve) => setTimeout(resolve, state.wait));
          }
          apply(state, options);
          window.tribeboardTimings.push(performance.now() - started);
        }).catch((error) => {
          document.getElementById("log").textContent = "Could not reach the simulator: " + error;
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
        const response = await fetch(base + "/state?known=" + version, { headers: { "Accept": "application/json" } });
        if (response.ok) apply(await response.json(), { focus: false });
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
