"""Screenshots of each module's screen, light and dark, for people to look at (not a test).

Usage: python3 Tests/Browser/screenshots.py TRIBEBOARD_BINARY OUT_DIR [--width PIXELS] [--text PERCENT] [NAME …]
(default 1440 px wide, 100% text, every shot; under 600 px wide the window is 1000 px tall, so the whole phone shows)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from browser import Server, chrome  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

SHOTS = [
    ("onboarding", "new-user", []),
    ("sign-in", "new-user", ["skip"]),
    ("dashboard", "family-admin", []),
    ("tasks", "family-admin", ["tasks"]),
    ("calendar", "family-admin", ["calendar"]),
    ("messages", "family-admin", ["messages"]),
    ("noticeboard", "family-admin", ["messages", "noticeboard"]),
    ("add-task", "family-admin", ["tasks", "add task", "title Put the bins out", "points 500"]),
    ("school-run", "family-admin", ["school run"]),
    ("settings", "family-admin", ["settings"]),
    ("add-event", "family-admin", ["calendar", "add event", "title Family picnic"]),
    ("remove-member", "family-admin", ["settings", "family management", "open 3", "remove"]),
    ("member-detail", "family-admin", ["settings", "family management", "open 3"]),
    ("profile", "family-admin", ["settings", "profile"]),
    ("family-management", "family-admin", ["settings", "family management"]),
    ("task-detail", "family-admin", ["tasks", "open 1"]),
    ("name-family-refused", "new-user", ["skip", "sign in apple", "retry", "create family", "name J"]),
    ("offline-tasks", "family-admin", ["tasks", ":offline", ":relaunch", "tasks"]),
    ("family-created", "new-user", ["skip", "sign in apple", "retry", "create family", "name The Johnsons"]),
]


def main():
    arguments = sys.argv[1:]
    width, text = 1440, 100
    for flag in ("--width", "--text"):
        if flag in arguments:
            at = arguments.index(flag)
            value = int(arguments[at + 1])
            del arguments[at:at + 2]
            if flag == "--width":
                width = value
            else:
                text = value
    binary, out, wanted = arguments[0], arguments[1], set(arguments[2:])
    height = 1000 if width < 600 else 900
    os.makedirs(out, exist_ok=True)
    for scheme in ("light", "dark"):
        driver = chrome(dark=scheme == "dark", width=width, height=height)
        # Still pictures: no launch screen, no transitions.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": scheme},
            {"name": "prefers-reduced-motion", "value": "reduce"}]})
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        try:
            for name, scenario, lines in SHOTS:
                if wanted and name not in wanted:
                    continue
                with Server(binary, scenario) as server:
                    for line in lines:
                        server.post_line(line)
                    driver.get(server.address)
                    driver.execute_script(
                        "localStorage.setItem('tribeboard-text-size', arguments[0])", str(text))
                    driver.get(server.address)
                    driver.save_screenshot(os.path.join(out, f"{name}-{scheme}.png"))
                    phone = driver.find_element(By.CSS_SELECTOR, ".phone.acting")
                    phone.screenshot(os.path.join(out, f"{name}-phone-{scheme}.png"))
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
