"""Screenshots of each module's screen, light and dark, for people to look at (not a test).

Usage: python3 Tests/Browser/screenshots.py TRIBEBOARD_BINARY OUT_DIR
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
    ("family-created", "new-user", ["skip", "sign in apple", "retry", "create family", "name The Johnsons"]),
]


def main():
    binary, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for scheme in ("light", "dark"):
        driver = chrome(dark=scheme == "dark", width=1440, height=900)
        # Still pictures: no launch screen, no transitions.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": scheme},
            {"name": "prefers-reduced-motion", "value": "reduce"}]})
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        try:
            for name, scenario, lines in SHOTS:
                with Server(binary, scenario) as server:
                    for line in lines:
                        server.post_line(line)
                    driver.get(server.address)
                    driver.save_screenshot(os.path.join(out, f"{name}-{scheme}.png"))
                    phone = driver.find_element(By.CSS_SELECTOR, ".phone.acting")
                    phone.screenshot(os.path.join(out, f"{name}-phone-{scheme}.png"))
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
