/// The look of ``PhoneRenderer``'s HTML, and of the browser's page around it: design tokens (colour, type scale,
/// spacing, radii) for light and dark, then the phone, the app's components and the simulation's controls. System
/// fonts only; nothing is fetched. The browser serves it as a file; a storyboard embeds it.
public enum Stylesheet {
  public static let css = #"""
    :root {
      color-scheme: light dark;
      --brand: #4338ca; --brand-strong: #3730a3; --on-brand: #ffffff; --brand-soft: #e0e7ff;
      --accent: #0f766e; --danger: #b91c1c; --danger-soft: #fee2e2; --warning-soft: #fef3c7; --warning: #92400e;
      --success-soft: #dcfce7; --success: #166534;
      --page: #eef0f6; --surface: #ffffff; --surface-2: #f5f6fb; --text: #161826; --muted: #4b5063; --line: #d5d8e4;
      --device: #14151c;
      --font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
      --mono: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
      --text-xs: 0.75rem; --text-sm: 0.875rem; --text-md: 1rem; --text-lg: 1.25rem; --text-xl: 1.5rem;
      --text-2xl: 2rem;
      --space-1: 0.25rem; --space-2: 0.5rem; --space-3: 0.75rem; --space-4: 1rem; --space-5: 1.5rem;
      --space-6: 2rem;
      --radius-sm: 0.5rem; --radius-md: 0.875rem; --radius-lg: 1.25rem; --radius-device: 3rem;
      --target: 2.75rem;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --brand: #a5b4fc; --brand-strong: #c7d2fe; --on-brand: #111338; --brand-soft: #2a2c5a;
        --accent: #5eead4; --danger: #fca5a5; --danger-soft: #4c1d1d; --warning-soft: #45320c; --warning: #fcd34d;
        --success-soft: #12351f; --success: #86efac;
        --page: #0c0d12; --surface: #1b1d27; --surface-2: #242735; --text: #eef0f8; --muted: #b4b8cc;
        --line: #3a3e52; --device: #000000;
      }
    }
    * { box-sizing: border-box; }
    html { font-family: var(--font); font-size: 100%; line-height: 1.45; background: var(--page); color: var(--text); }
    body { margin: 0; }
    a { color: var(--brand); }
    .sprite { position: absolute; width: 0; height: 0; overflow: hidden; }
    .skip { position: absolute; left: -10000px; }
    .skip:focus { left: var(--space-4); top: var(--space-4); background: var(--surface); padding: var(--space-2); }
    .topbar { display: flex; flex-wrap: wrap; gap: var(--space-4); align-items: center;
      padding: var(--space-3) var(--space-5); background: var(--surface); border-bottom: 1px solid var(--line); }
    .topbar h1 { font-size: var(--text-lg); margin: 0; }
    .topbar .scenario { color: var(--muted); margin: 0; flex: 1 1 20rem; }
    .stage { display: flex; flex-wrap: wrap; gap: var(--space-5); padding: var(--space-5); align-items: flex-start; }
    .phones { display: flex; flex-wrap: wrap; gap: var(--space-5); flex: 1 1 24rem; align-items: flex-start; }
    .phone { width: 24.375rem; max-width: 100%; contain: layout style; }
    .phone-label { font-size: var(--text-sm); font-weight: 600; margin: 0 0 var(--space-2);
      display: flex; gap: var(--space-2); align-items: center; }
    .phone.acting .phone-label::after { content: "in hand"; font-size: var(--text-xs); background: var(--brand);
      color: var(--on-brand); border-radius: 999px; padding: 0 var(--space-2); }
    .device { background: var(--device); border-radius: var(--radius-device); padding: 0.75rem;
      box-shadow: 0 1rem 2.5rem rgb(0 0 0 / 0.25); }
    .phone.acting .device { outline: 3px solid var(--brand); outline-offset: 3px; }
    .status-bar { display: flex; gap: var(--space-3); align-items: center; color: #fff; font-size: var(--text-sm);
      padding: var(--space-2) var(--space-5) var(--space-2); font-weight: 600; }
    .status-bar .time { flex: 1; }
    .status-bar .net, .status-bar .waiting { display: inline-flex; gap: var(--space-1); align-items: center; }
    .status-bar .icon { width: 1rem; height: 1rem; }
    .title-bar { display: flex; align-items: center; gap: var(--space-2); background: var(--surface);
      border-radius: 2.25rem 2.25rem 0 0; padding: var(--space-4) var(--space-4) var(--space-2); min-height: 4rem; }
    .title-bar form { margin: 0; }
    .title { font-size: var(--text-xl); margin: 0; line-height: 1.2; overflow-wrap: anywhere; }
    .title:focus { outline: 2px solid var(--brand); outline-offset: 2px; }
    .screen { background: var(--surface); border-radius: 0 0 2.25rem 2.25rem; height: 43rem; overflow-y: auto;
      overflow-x: hidden; padding: var(--space-2) var(--space-4) var(--space-6); position: relative;
      overflow-wrap: anywhere; }
    .who { margin: 0 0 var(--space-3); color: var(--muted); font-size: var(--text-sm); }
    .screen p { margin: 0 0 var(--space-3); }
    .section { font-size: var(--text-sm); text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted);
      margin: var(--space-4) 0 var(--space-2); }
    .fields { margin: 0 0 var(--space-3); background: var(--surface-2); border-radius: var(--radius-md);
      padding: var(--space-1) var(--space-3); display: grid; grid-template-columns: minmax(0, auto) minmax(0, 1fr);
      column-gap: var(--space-3); }
    .fields dt, .fields dd { padding: var(--space-2) 0; border-bottom: 1px solid var(--line); }
    .fields dt:last-of-type, .fields dd:last-of-type { border-bottom: 0; }
    .fields dt { color: var(--muted); }
    .fields dd { margin: 0; font-weight: 600; text-align: right; }
    .rows { list-style: none; margin: 0 0 var(--space-3); padding: 0; border-radius: var(--radius-md);
      background: var(--surface-2); }
    .row { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2); padding: var(--space-3);
      border-bottom: 1px solid var(--line); }
    .row:last-child { border-bottom: 0; }
    .row-text { flex: 1 1 12rem; display: flex; flex-direction: column; min-width: 0; }
    .row-title { font-weight: 600; }
    .row-detail { color: var(--muted); font-size: var(--text-sm); }
    .row form { margin: 0; flex-basis: 100%; }
    .row-actions { display: flex; flex-wrap: wrap; gap: var(--space-2); }
    .chip { font-size: var(--text-xs); font-weight: 700; letter-spacing: 0.04em; border-radius: 999px;
      padding: 0.125rem var(--space-2); background: var(--brand-soft); color: var(--brand-strong); }
    .chip.done { background: var(--success-soft); color: var(--success); }
    .chip.overdue, .chip.unclaimed { background: var(--danger-soft); color: var(--danger); }
    .chip.waiting-to-sync, .chip.new { background: var(--warning-soft); color: var(--warning); }
    .empty { color: var(--muted); text-align: center; padding: var(--space-5) var(--space-3);
      border: 2px dashed var(--line); border-radius: var(--radius-md); }
    .code-card { text-align: center; background: var(--brand-soft); border-radius: var(--radius-lg);
      padding: var(--space-4); margin-bottom: var(--space-3); }
    .code-card .code-label { margin: 0; color: var(--brand-strong); font-weight: 600; }
    .code-card .code { font-family: var(--mono); font-size: var(--text-2xl); letter-spacing: 0.2em; margin: 0;
      font-weight: 700; }
    .mono { font-family: var(--mono); font-size: var(--text-sm); }
    .qr { display: block; width: 12rem; max-width: 100%; margin: 0 auto var(--space-2); color: #111111;
      background: #ffffff; border-radius: var(--radius-sm); }
    .link { color: var(--muted); font-size: var(--text-sm); }
    .pager { display: flex; justify-content: center; gap: var(--space-2); margin: var(--space-4) 0; }
    .pager .dot { width: 0.5rem; height: 0.5rem; border-radius: 50%; background: var(--line); }
    .pager .dot.current { background: var(--brand); width: 1.5rem; border-radius: 999px; }
    .tiles { list-style: none; padding: 0; margin: 0 0 var(--space-3); display: grid;
      grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr)); gap: var(--space-3); }
    .tile { width: 100%; min-height: 5.5rem; display: flex; flex-direction: column; align-items: center;
      justify-content: center; gap: var(--space-1); border: 0; border-radius: var(--radius-lg);
      background: var(--brand-soft); color: var(--brand-strong); font: inherit; font-weight: 600; cursor: pointer; }
    .tile .icon { width: 1.75rem; height: 1.75rem; }
    .btn { min-height: var(--target); min-width: var(--target); padding: var(--space-2) var(--space-4);
      border-radius: var(--radius-sm); font: inherit; font-weight: 600; cursor: pointer;
      border: 2px solid var(--brand); background: transparent; color: var(--brand); }
    .btn.primary { background: var(--brand); color: var(--on-brand); }
    .btn.destructive { border-color: var(--danger); color: var(--danger); }
    .btn.small { min-height: var(--target); padding: var(--space-1) var(--space-3); font-size: var(--text-sm); }
    .btn:disabled, .tile:disabled, .back:disabled { cursor: default; }
    .actions { display: flex; flex-direction: column; gap: var(--space-2); margin-top: var(--space-3); }
    .actions .btn { width: 100%; }
    .back { display: inline-flex; align-items: center; gap: var(--space-1); min-height: var(--target);
      min-width: var(--target); border: 0; background: transparent; color: var(--brand); font: inherit;
      font-weight: 600; cursor: pointer; padding: 0 var(--space-2) 0 0; }
    .value-form { display: flex; flex-direction: column; gap: var(--space-2); margin: var(--space-3) 0;
      padding: var(--space-3); background: var(--surface-2); border-radius: var(--radius-md); }
    label { font-weight: 600; font-size: var(--text-sm); }
    input, select { font: inherit; min-height: var(--target); padding: var(--space-2) var(--space-3);
      border: 1px solid var(--muted); border-radius: var(--radius-sm); background: var(--surface); color: var(--text); }
    :focus-visible { outline: 3px solid var(--brand); outline-offset: 2px; }
    .banner { border-radius: var(--radius-md); padding: var(--space-3); margin-bottom: var(--space-3); }
    .banner.error { background: var(--danger-soft); color: var(--text); border-left: 4px solid var(--danger); }
    .banner p { margin: 0 0 var(--space-2); }
    .recoveries { display: flex; flex-wrap: wrap; gap: var(--space-2); }
    .hint { font-size: var(--text-sm); }
    .toast { background: var(--success-soft); color: var(--text); border-radius: var(--radius-md);
      padding: var(--space-2) var(--space-3); margin-bottom: var(--space-3); border-left: 4px solid var(--success);
      animation: rise 200ms ease-out; }
    .note { font-size: var(--text-sm); color: var(--muted); }
    .stale { font-size: var(--text-sm); background: var(--warning-soft); color: var(--text);
      border-radius: var(--radius-sm); padding: var(--space-1) var(--space-2); }
    .sheet-backdrop { position: absolute; inset: 0; background: rgb(0 0 0 / 0.45);
      border-radius: 0 0 2.25rem 2.25rem; }
    .sheet { position: absolute; left: 0; right: 0; bottom: 0; background: var(--surface); padding: var(--space-5);
      border-radius: var(--radius-lg) var(--radius-lg) 2.25rem 2.25rem; animation: rise 200ms ease-out; }
    .question { font-size: var(--text-lg); font-weight: 600; }
    .loading .screen > * { visibility: hidden; }
    .loading .screen { background-image: linear-gradient(var(--surface-2) 2rem, transparent 0),
      linear-gradient(var(--surface-2) 6rem, transparent 0), linear-gradient(var(--surface-2) 6rem, transparent 0);
      background-size: 70% 3rem, 100% 8rem, 100% 8rem; background-position: 1rem 1rem, 0 5rem, 0 14rem;
      background-repeat: no-repeat; animation: pulse 1s ease-in-out infinite alternate; }
    @keyframes rise { from { transform: translateY(0.5rem); } to { transform: none; } }
    @keyframes pulse { from { opacity: 1; } to { opacity: 0.6; } }
    @media (prefers-reduced-motion: reduce) { *, *::before, *::after { animation: none !important;
      transition: none !important; } }
    .controls { flex: 0 1 24rem; display: flex; flex-direction: column; gap: var(--space-4); min-width: 18rem; }
    .panel { background: var(--surface); border: 1px solid var(--line); border-radius: var(--radius-md);
      padding: var(--space-3) var(--space-4); contain: layout style; }
    .panel h2 { font-size: var(--text-md); margin: 0 0 var(--space-2); }
    .panel form { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: flex-end; margin: 0 0 var(--space-2); }
    .panel .field { display: flex; flex-direction: column; gap: var(--space-1); flex: 1 1 8rem; }
    .panel ul { margin: 0; padding-left: var(--space-4); }
    .panel li { margin-bottom: var(--space-1); }
    .row-buttons { display: flex; flex-wrap: wrap; gap: var(--space-2); }
    .log { font-family: var(--mono); font-size: var(--text-sm); white-space: pre-wrap; max-height: 16rem;
      overflow: auto; margin: 0; contain: content; }
    .log .problem { color: var(--danger); }
    .log .success { color: var(--success); }
    .journey-steps { display: flex; flex-wrap: wrap; gap: var(--space-1); }
    .journey-steps .btn { font-family: var(--mono); font-weight: 500; }
    details summary { cursor: pointer; min-height: var(--target); display: flex; align-items: center;
      font-weight: 600; }
    .recording { color: var(--danger); font-weight: 700; }
    .message-page { margin: 2rem; max-width: 40rem; }
    """#
}
