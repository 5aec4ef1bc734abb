"""Helpers for the browser tests: start `tribeboard serve`, post lines to it, and drive headless Chromium."""
import os
import shutil
import subprocess
import urllib.parse
import urllib.request

from update import ACCEPT

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


class Server:
    """`tribeboard serve SCENARIO --port 0`, read its address from its first line, stop it on exit."""

    def __init__(self, binary, scenario="new-user", *extra):
        self.command = [binary, "serve", scenario, "--port", "0", *extra]
        self.process = None
        self.address = None

    def __enter__(self):
        self.process = subprocess.Popen(
            self.command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        first = self.process.stdout.readline().strip()
        if not first.startswith("Serving "):
            raise RuntimeError(f"serve said {first!r}; stderr: {self.process.stderr.read()}")
        self.address = first.rsplit(" at ", 1)[1]
        return self

    def __exit__(self, *_):
        self.process.terminate()
        self.process.wait(timeout=10)

    def post_line(self, line, phone=None, simulation="default"):
        fields = {"line": line}
        if phone:
            fields["phone"] = phone
        data = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(
            self.address.split("?")[0] + f"s/{simulation}/input", data=data,
            headers={"Accept": ACCEPT},
        )
        with urllib.request.urlopen(request) as response:
            return response.read().decode()


def chrome(dark=False, width=1280, height=1000, javascript=True):
    options = Options()
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")
    options.add_argument("--disable-gpu")
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument(f"--window-size={width},{height}")
    options.add_argument(f"--blink-settings=preferredColorScheme={1 if not dark else 0}")
    if dark:
        options.add_argument("--force-dark-mode")
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]},
    )
    return driver
