/// The gallery page's script, inline (the page stays one file): it draws each entry's phones as the entry comes near
/// the window (each entry's phones wait in a `<template>`, so the page opens without laying out hundreds of phones),
/// filters the entries by screen, state, role and change and by the words of a search, shows light, dark or both at
/// 100% or 200% text, and keeps the choice in the address (`#screen=tasks&text=200`). On a comparison it also
/// compares each changed entry's drawing before and after, each under its own stylesheet in a frame, and outlines
/// in red the elements that draw differently.
enum GalleryScript {
  static let source = #"""
    (() => {
      "use strict";
      const main = document.getElementById("gallery");
      const form = document.querySelector(".gallery-filters");
      const count = form.querySelector(".gallery-count");
      const entries = [...document.querySelectorAll(".gallery-entry")];
      const comparing = document.getElementById("gallery-before");
      const data = comparing ? JSON.parse(comparing.textContent) : null;

      function draw(entry) {
        const holder = entry.querySelector(".gallery-themes");
        const template = holder && holder.querySelector("template");
        if (!template || holder.dataset.drawn) return;
        holder.dataset.drawn = "true";
        holder.append(template.content.cloneNode(true));
        if (data && data.phones[entry.dataset.id] !== undefined) show(entry);
      }
      const observer = "IntersectionObserver" in window
        ? new IntersectionObserver(seen => {
            for (const item of seen) {
              if (!item.isIntersecting) continue;
              observer.unobserve(item.target);
              draw(item.target);
            }
          }, { rootMargin: "600px 0px" })
        : null;
      for (const entry of entries) observer ? observer.observe(entry) : draw(entry);
      /** Draws every entry now (for tests and printing). */
      window.galleryDrawAll = () => entries.forEach(draw);

      function apply() {
        const values = Object.fromEntries(new FormData(form));
        const words = (values.q || "").toLowerCase().split(/\s+/).filter(Boolean);
        let shown = 0;
        for (const entry of entries) {
          const d = entry.dataset;
          const match = (!values.screen || d.screen === values.screen) && (!values.state || d.state === values.state)
            && (!values.role || d.role === values.role) && (!values.change || d.change === values.change)
            && words.every(word => d.search.includes(word));
          entry.hidden = !match;
          if (match) shown += 1;
        }
        for (const section of document.querySelectorAll(".gallery-screen, .gallery-group")) {
          section.hidden = !section.querySelector(".gallery-entry:not([hidden])");
        }
        for (const counter of document.querySelectorAll(".gallery-count-of")) {
          const screen = counter.dataset.screen;
          const visible = entries.filter(e => e.dataset.screen === screen && !e.hidden).length;
          const all = entries.filter(e => e.dataset.screen === screen).length;
          counter.textContent = visible === all ? `(${all})` : `(${visible} of ${all})`;
        }
        main.dataset.theme = values.theme || "both";
        main.dataset.text = values.text || "100";
        count.textContent = `${shown} of ${entries.length} entries shown`;
      }
      const saved = new URLSearchParams(location.hash.slice(1));
      for (const [name, value] of saved) {
        const field = form.elements[name];
        if (field && field.tagName) field.value = value;
      }
      form.addEventListener("change", () => form.dispatchEvent(new Event("input")));
      form.addEventListener("input", () => {
        apply();
        const chosen = new URLSearchParams();
        for (const [name, value] of new FormData(form)) {
          if (value && !(name === "theme" && value === "both") && !(name === "text" && value === "100")) {
            chosen.set(name, value);
          }
        }
        history.replaceState(null, "", chosen.toString() ? "#" + chosen : location.pathname + location.search);
      });
      form.addEventListener("submit", event => event.preventDefault());
      form.hidden = false;
      apply();

      if (!data) return;
      // ---------- What changed: each drawing before and after, under its own stylesheet, in a frame ----------
      const sprite = document.querySelector("body > svg").outerHTML;
      const fixed = "body { margin: 0; } .device { width: 24.375rem !important; height: 52.75rem !important; } .phone { position: relative; }"
        + " .difference { position: absolute; z-index: 50; background: rgb(230 0 0 / 0.35);"
        + " outline: 2px solid rgb(230 0 0); pointer-events: none; }"
        + " *, *::before, *::after { animation: none !important; transition: none !important; }";
      const PROPERTIES = ["color", "background-color", "background-image", "border-top-color", "border-right-color",
        "border-bottom-color", "border-left-color", "border-top-width", "border-radius", "box-shadow", "font-size",
        "font-weight", "font-style", "opacity", "fill", "stroke", "outline-color", "text-decoration-line",
        "text-transform", "letter-spacing"];
      function page(css, zoom) {
        return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>" + css + "\n" + fixed
          + (zoom ? " body { zoom: 0.6; }" : "") + "</style></head><body>" + sprite + "<div id=\"bench\"></div></body></html>";
      }
      const bench = (() => {
        const holder = document.createElement("div");
        holder.style.cssText = "position:absolute; left:-10000px; top:0; width:30rem;";
        holder.setAttribute("aria-hidden", "true");
        document.body.append(holder);
        const made = [data.before, data.after].map((css, index) => {
          const element = document.createElement("iframe");
          element.style.cssText = "width:30rem; height:60rem;";
          element.tabIndex = -1;
          element.title = index ? "after" : "before";
          const loaded = new Promise(resolve => element.addEventListener("load", resolve, { once: true }));
          element.srcdoc = page(css, false);
          holder.append(element);
          return loaded.then(() => element.contentDocument);
        });
        return Promise.all(made);
      })();
      function phoneHTML(entry, theme, before) {
        if (before) {
          const html = data.phones[entry.dataset.id].split(data.token).join(entry.dataset.id + "-" + theme);
          return `<div class="theme-${theme}">${html}</div>`;
        }
        const template = entry.querySelector(".gallery-themes template");
        const copy = template.content.querySelector(".theme-" + theme);
        return copy ? copy.outerHTML : "";
      }
      function ownText(element) {
        let text = "";
        for (const node of element.childNodes) if (node.nodeType === 3) text += node.textContent;
        return text.trim();
      }
      function measure(doc, html) {
        const bench = doc.getElementById("bench");
        bench.innerHTML = html;
        const phone = bench.querySelector(".phone");
        if (!phone) return [];
        const origin = phone.getBoundingClientRect();
        const view = doc.defaultView;
        return [...phone.querySelectorAll("*")].map(element => {
          const style = view.getComputedStyle(element);
          if (style.visibility !== "visible" || style.display === "none") return { tag: element.tagName, hidden: true };
          const box = element.getBoundingClientRect();
          return { tag: element.tagName, box: [box.left - origin.left, box.top - origin.top, box.width, box.height]
            .map(Math.round), look: PROPERTIES.map(p => style.getPropertyValue(p)).join("|") + "|" + ownText(element) };
        });
      }
      function differences(before, after) {
        const boxes = [];
        let broken = false;
        for (let index = 0; index < after.length; index += 1) {
          const now = after[index];
          const then = before[index];
          if (now.hidden) continue;
          if (broken || !then || then.tag !== now.tag) { broken = true; boxes.push(now.box); continue; }
          if (then.hidden || then.look !== now.look || then.box.join() !== now.box.join()) boxes.push(now.box);
        }
        return { boxes, changed: boxes.length > 0 || before.length !== after.length
          || before.some((then, index) => !then.hidden && (after[index] === undefined || after[index].hidden)) };
      }
      /** Compares one entry, light and dark; marks it changed or unchanged. */
      function compare(entry) {
        if (!entry._comparison) entry._comparison = compareNow(entry);
        return entry._comparison;
      }
      async function compareNow(entry) {
        const [before, after] = await bench;
        const result = {};
        for (const theme of ["light", "dark"]) {
          result[theme] = differences(measure(before, phoneHTML(entry, theme, true)), measure(after, phoneHTML(entry, theme, false)));
        }
        entry.dataset.compared = "true";
        entry._result = result;
        if (entry.dataset.change === "restyled") {
          const changed = result.light.changed || result.dark.changed;
          entry.dataset.change = changed ? "changed" : "unchanged";
          entry.querySelector(".gallery-change").textContent = changed ? "Changed (its stylesheet)" : "Unchanged";
        }
        return result;
      }
      async function show(entry) {
        const result = await compare(entry);
        if (entry.dataset.change !== "changed" || entry.querySelector(".gallery-compare")) return;
        const holder = document.createElement("div");
        holder.className = "gallery-compare";
        entry.querySelector("figcaption").before(holder);
        for (const theme of ["light", "dark"]) {
          if (!result[theme].changed) continue;
          for (const [label, css, before, marked] of [["Before", data.before, true, false], ["After", data.after, false, false],
            ["Differences", data.after, false, true]]) {
            const figure = document.createElement("figure");
            const caption = document.createElement("figcaption");
            caption.textContent = `${label}, ${theme}`;
            const element = document.createElement("iframe");
            element.title = `${entry.querySelector("figcaption strong").textContent}: ${label.toLowerCase()}, ${theme}`;
            element.srcdoc = page(css, true);
            element.addEventListener("load", () => {
              const doc = element.contentDocument;
              doc.getElementById("bench").innerHTML = phoneHTML(entry, theme, before);
              const phone = doc.querySelector(".phone");
              if (!marked || !phone) return;
              phone.classList.add("marked");
              for (const [left, top, width, height] of result[theme].boxes) {
                const box = doc.createElement("div");
                box.className = "difference";
                box.style.cssText = `left:${left}px; top:${top}px; width:${Math.max(width, 2)}px; height:${Math.max(height, 2)}px;`;
                phone.append(box);
              }
            }, { once: true });
            figure.append(element, caption);
            holder.append(figure);
          }
        }
      }
      /** Compares every entry the stylesheet may have changed; resolves to the ids of the changed ones. */
      window.galleryCompareAll = async () => {
        for (const entry of entries) {
          if (data.phones[entry.dataset.id] !== undefined) await compare(entry);
        }
        const progress = document.getElementById("gallery-compare-progress");
        const changed = entries.filter(e => e.dataset.change === "changed").map(e => e.dataset.id);
        if (progress) progress.textContent = `${changed.length} changed`;
        apply();
        return changed;
      };
      if (document.getElementById("gallery-compare-progress")) window.galleryCompareAll();
    })();
    """#
}
