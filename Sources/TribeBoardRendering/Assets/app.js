// TribeBoard simulator: the page's only script. The server draws every screen; this sends what the person chose
// (a form's fields: an action, an item's identity, a whole form; over a socket once one is open), swaps in the parts
// of the page that came back, follows other windows' changes over server-sent events, and adds what makes the phone
// feel like an app: the launch screen, screen transitions, skeletons for the simulated latency, validation at the
// field as the person types, focus on the new screen, the text size. Without it the forms still work, a page at a
// time.
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
    const phone = document.querySelector(".phone.acting");
    if (phone && options.screenBefore !== undefined) {
      const app = phone.querySelector(".app");
      const screen = phone.dataset.screen;
      if (app && screen !== options.screenBefore) app.classList.add(options.back ? "pop" : "push");
      if (options.relaunch) launch(phone);
    }
    // A refused form comes back with the draft the app kept, which lacks the refused value and those after it: put
    // back what the person typed, so nothing they wrote is lost.
    if (options.typed && phone && phone.querySelector(".form-field.invalid")) {
      for (const [id, value] of options.typed) {
        const field = document.getElementById(id);
        if (field && field.value !== value) field.value = value;
      }
    }
    if (options.focus && phone) {
      // The first field whose value was refused, else the new screen's title. The ring shows only for keyboard
      // users (:focus-visible).
      const target = phone.querySelector("[data-autofocus]") || phone.querySelector(".title");
      if (target) target.focus({ preventScroll: false });
    }
  }

  // The launch screen: the logo on the brand's gradient, over a phone as it opens, then gone by itself.
  const logo = document.querySelector(".topbar .logo");
  function launch(phone) {
    const app = phone.querySelector(".app");
    if (!app || !logo) return;
    const splash = document.createElement("div");
    splash.className = "launch";
    splash.setAttribute("aria-hidden", "true");
    splash.append(logo.cloneNode(true));
    const mark = document.createElement("p");
    mark.className = "wordmark";
    mark.textContent = "TribeBoard";
    splash.append(mark);
    app.append(splash);
    splash.addEventListener("animationend", () => splash.remove());
    setTimeout(() => splash.remove(), 1500);
  }
  document.querySelectorAll(".phone").forEach(launch);

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
      const before = document.querySelector(".phone.acting");
      options.screenBefore = before ? before.dataset.screen : undefined;
      apply(state, options);
      window.tribeboardTimings.push(performance.now() - started);
      // The simulated latency: the new screen's title over skeletons shaped like its content, for as long as the
      // simulated calls took.
      const phone = document.querySelector(".phone.acting");
      if (state.wait > 0 && phone && state.version === version) {
        phone.classList.add("loading");
        phone.setAttribute("aria-busy", "true");
        await new Promise((resolve) => setTimeout(resolve, state.wait));
        phone.classList.remove("loading");
        phone.removeAttribute("aria-busy");
      }
    }).catch((error) => {
      showProblem("Could not reach the simulator: " + error);
    });
    return pending;
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    // Read as attributes: an item's button is named "action", which would shadow the form's own properties.
    if (!(form instanceof HTMLFormElement) || form.getAttribute("method") !== "post" ||
        form.dataset.plain !== undefined) return;
    event.preventDefault();
    const data = new FormData(form, event.submitter);
    const fromCommand = form.id === "command-form";
    const submitter = event.submitter;
    const back = !!(submitter && submitter.dataset.nav);
    const line = String(data.get("line") || "");
    const url = new URL(form.getAttribute("action"), location.href).href;
    const typed = form.classList.contains("app-form") || form.classList.contains("value-form")
      ? [...form.elements].filter((field) => field.id && "value" in field && field.type !== "submit")
        .map((field) => [field.id, field.value])
      : undefined;
    send(url, data, {
      focus: !fromCommand, own: true, back: back, typed: typed,
      relaunch: line.trim() === ":relaunch" || data.get("app") === "relaunch",
    });
    if (fromCommand) form.reset();
  });

  // A form's fields say what is wrong with them as the person types, where a rule allows it (a length, a number's
  // bounds), at the field, for a screen reader too; the rest is checked by the app on submit.
  function check(input) {
    const field = input.closest(".form-field");
    const error = field && field.querySelector(".field-error");
    if (!error) return;
    // In the app's words, never the browser's.
    const label = field.querySelector("label");
    const name = label ? label.textContent.trim() : "This";
    let problem = "";
    if (input.validity.rangeOverflow || input.validity.rangeUnderflow || input.validity.badInput) {
      problem = name + " must be a whole number from " + input.min + " to " + input.max + ".";
    } else if (input.validity.tooLong) {
      problem = name + " is at most " + input.maxLength + " characters.";
    }
    if (problem) {
      error.textContent = problem;
      error.hidden = false;
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", error.id);
    } else if (input.getAttribute("aria-invalid") === "true" && !field.classList.contains("invalid")) {
      error.hidden = true;
      input.removeAttribute("aria-invalid");
    }
  }
  document.addEventListener("input", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.closest(".app-form")) check(event.target);
  });

  // A stepper's fewer and more, within the number's bounds.
  document.addEventListener("click", (event) => {
    const step = event.target instanceof Element && event.target.closest(".step");
    if (!step) return;
    const input = document.getElementById(step.getAttribute("aria-controls"));
    if (!input) return;
    if (input.value === "") input.value = input.min || "0";
    if (Number(step.dataset.step) > 0) input.stepUp(); else input.stepDown();
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // A large title collapses into the bar once the content scrolls under it, and comes back at the top, as iOS's do
  // (two thresholds, so the bar's own change of height never makes it flicker).
  document.addEventListener("scroll", (event) => {
    const content = event.target;
    if (!(content instanceof Element) || !content.classList.contains("content")) return;
    const bar = content.parentElement && content.parentElement.querySelector(".nav-bar");
    if (!bar) return;
    if (content.scrollTop > 40) bar.classList.add("collapsed");
    else if (content.scrollTop < 8) bar.classList.remove("collapsed");
  }, true);

  // A picker row commits what is picked, as iOS's menus do (a member's role): its submit is for a page without script.
  document.documentElement.dataset.script = "on";
  document.addEventListener("change", (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || select.dataset.commit === undefined || !select.form) return;
    const commit = select.form.querySelector(".picker-commit");
    select.form.requestSubmit(commit || undefined);
  });

  // A choice of members: "Everyone" or some of them, never both; nobody chosen is everyone.
  document.addEventListener("change", (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.type !== "checkbox") return;
    const list = box.closest(".choices");
    if (!list) return;
    const everyone = list.querySelector("[data-everyone]");
    const others = [...list.querySelectorAll("input[type=checkbox]:not([data-everyone])")];
    if (box === everyone && box.checked) others.forEach((other) => { other.checked = false; });
    if (box !== everyone && box.checked && everyone) everyone.checked = false;
    if (everyone && !others.some((other) => other.checked)) everyone.checked = true;
  });

  // Text size: the app's type from 100% to 200%, inside a phone of fixed width; remembered in this browser.
  const size = document.getElementById("text-size");
  const sizeValue = document.getElementById("text-size-value");
  function applySize(percent) {
    document.documentElement.style.setProperty("--text-scale", String(percent / 100));
    if (size) size.value = String(percent);
    if (sizeValue) sizeValue.textContent = percent + "%";
  }
  let savedSize = 100;
  try { savedSize = Number(localStorage.getItem("tribeboard-text-size")) || 100; } catch (error) { /* private mode */ }
  applySize(savedSize);
  if (size) {
    size.addEventListener("input", () => {
      applySize(Number(size.value));
      try { localStorage.setItem("tribeboard-text-size", size.value); } catch (error) { /* private mode */ }
    });
  }

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
  // A gallery's link: the scenario started afresh, then these lines (one a line), as if typed.
  const wantedLines = link.get("steps");
  if (wantedLines !== null && link.get("fresh") === null) {
    send(base + "/input",
      { control: "scenario", value: wantedScenario || body.dataset.scenario, steps: wantedLines },
      { focus: true, own: true });
  } else if (wantedLines !== null) {
    for (const line of wantedLines.split("\n")) {
      if (line.trim()) send(base + "/input", { line: line }, { focus: true, own: true });
    }
  } else if (wantedScenario && wantedScenario !== body.dataset.scenario) {
    send(base + "/input", { control: "scenario", value: wantedScenario, go: wantedStep || "" },
      { focus: true, own: true });
  } else if (wantedStep && wantedStep !== body.dataset.go) {
    // A journey's step: JOURNEY@STEP, or the whole journey.
    const at = wantedStep.lastIndexOf("@");
    const journey = at < 0 ? wantedStep : wantedStep.slice(0, at);
    send(base + "/input", { "go.journey": journey, "go.step": at < 0 ? "" : wantedStep.slice(at + 1) },
      { focus: true, own: true });
  }
})();
