"""`tribeboard serve` in a real headless Chromium, driven by what a person sees: button names, labels, headings and
roles, never CSS classes.

Usage: python3 Tests/Browser/test_browser.py TRIBEBOARD_BINARY [TEST_NAME ...]
Prints one line per test, then 'N passed, N failed'; exits 1 when any failed.
"""
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
from browser import Server, chrome  # noqa: E402
from update import parse  # noqa: E402

BINARY = None
TESTS = []


def test(function):
    TESTS.append(function)
    return function


# What a person sees --------------------------------------------------------------------------------------------


def phone(driver, person):
    """The region labelled PERSON's phone."""
    return driver.find_element(By.XPATH, f"//section[.//h2[normalize-space()=\"{person}’s phone\"]]")


def heading(driver, person="Sarah Johnson"):
    return phone(driver, person).find_element(By.XPATH, ".//h3").text


def button(scope, name):
    """The button whose accessible name is NAME (its aria-label, else its text)."""
    return scope.find_element(
        By.XPATH, f".//button[@aria-label=\"{name}\" or (not(@aria-label) and normalize-space()=\"{name}\")]"
    )


def click(driver, name, person="Sarah Johnson", wait_for_change=True):
    scope = phone(driver, person) if person else driver
    before = inner_html(driver, "phones")
    button(scope, name).click()
    if wait_for_change:
        wait(driver, 
            lambda d: inner_html(d, "phones") != before
        )


def labelled(scope, label):
    """The input or select whose <label> says LABEL."""
    element = scope.find_element(By.XPATH, f".//label[normalize-space()=\"{label}\"]")
    return scope.find_element(By.ID, element.get_attribute("for"))


def fill_and_submit(driver, label, value, submit, person="Sarah Johnson"):
    scope = phone(driver, person) if person else driver
    field = labelled(scope, label)
    field.clear()
    field.send_keys(value)
    click(driver, submit, person=person)


def command(driver, line):
    before = inner_html(driver, "log")
    field = labelled(driver, "Command")
    field.send_keys(line)
    field.send_keys(Keys.ENTER)
    wait(driver, lambda d: inner_html(d, "log") != before)


def wait_heading(driver, text, person="Sarah Johnson"):
    wait(driver, lambda d: heading(d, person) == text)


def log_text(driver):
    return driver.execute_script("return document.getElementById('log').innerText")


def inner_html(driver, element_id):
    """Read in one go: the page swaps regions in as answers arrive, so a found element can go stale."""
    return driver.execute_script("return document.getElementById(arguments[0]).innerHTML", element_id)


def wait(driver, condition, seconds=10):
    """Wait until CONDITION holds, reading again when a region was swapped in while it looked."""
    return WebDriverWait(
        driver, seconds, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)
    ).until(condition)


# Tests ------------------------------------------------------------------------------------------------------------


@test
def new_user_creates_a_family_by_clicking(driver):
    with Server(BINARY, "new-user") as server:
        driver.get(server.address)
        assert heading(driver) == "Your family, in one place", heading(driver)
        click(driver, "Skip")
        assert heading(driver) == "Sign in"
        click(driver, "Sign in with Apple")
        alert = phone(driver, "Sarah Johnson").find_element(By.XPATH, ".//*[@role='alert']")
        assert "timed out" in alert.text, alert.text
        click(driver, "Try again")
        click(driver, "Create a family")
        fill_and_submit(driver, "Family name", "The Johnsons", "Name the family")
        wait_heading(driver, "The Johnsons created")
        assert "Family code" in phone(driver, "Sarah Johnson").text
        focused = driver.switch_to.active_element
        assert focused.tag_name == "h3" and focused.text == "The Johnsons created", (
            f"focus moves to the heading, not {focused.tag_name} {focused.text!r}"
        )


@test
def steps_go_over_the_socket_once_it_is_open(driver):
    with Server(BINARY, "new-user", "--verbose") as server:
        driver.get(server.address)
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-socket"))
        click(driver, "Skip")
        wait_heading(driver, "Sign in")
        server.process.terminate()
        lines = server.process.stdout.read().splitlines()
    assert any(line.strip() == "default: skip" for line in lines), lines
    assert not any("POST /s/default/input" in line for line in lines), lines


@test
def a_socket_closing_mid_step_takes_the_step_once(driver):
    with Server(BINARY, "new-user", "--verbose") as server:
        driver.get(server.address)
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-socket"))
        # The next message goes out and the socket closes at once, before its answer can arrive.
        driver.execute_script(
            "const send = WebSocket.prototype.send;"
            "WebSocket.prototype.send = function (data) {"
            "  send.call(this, data); this.close(); WebSocket.prototype.send = send; };"
        )
        click(driver, "Skip")
        wait_heading(driver, "Sign in")
        # The page opens a socket again, and the next step goes over it.
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-socket"))
        click(driver, "Sign in with Apple")
        server.process.terminate()
        lines = [line.strip() for line in server.process.stdout.read().splitlines()]
    assert lines.count("default: skip") == 1, lines
    assert "default: sign in apple" in lines, lines
    assert not any("POST /s/default/input" in line for line in lines), lines


@test
def number_keys_choose_actions(driver):
    with Server(BINARY, "new-user") as server:
        driver.get(server.address)
        driver.find_element(By.TAG_NAME, "body").send_keys("1")
        wait(driver, lambda d: "Page 2 of 3" in d.page_source)


@test
def an_error_and_its_recovery(driver):
    with Server(BINARY, "family-admin") as server:
        driver.get(server.address)
        labelled(driver, "Operation").send_keys("data.tasks")
        labelled(driver, "Error").send_keys("networkTimeout")
        labelled(driver, "When").send_keys("The next N calls")
        labelled(driver, "N, time or %").send_keys("1")
        before = log_text(driver)
        button(driver, "Arm fault").click()
        wait(driver, lambda d: log_text(d) != before)
        assert "data.tasks" in driver.find_element(By.ID, "faults").text
        click(driver, "Tasks")
        alert = phone(driver, "Sarah Johnson").find_element(By.XPATH, ".//*[@role='alert']")
        assert "timed out" in alert.text, alert.text
        click(driver, "Try again")
        assert not phone(driver, "Sarah Johnson").find_elements(By.XPATH, ".//*[@role='alert']")
        assert "Tidy your room" in phone(driver, "Sarah Johnson").text


@test
def offline_a_change_relaunch_online(driver):
    with Server(BINARY, "family-admin") as server:
        driver.get(server.address)
        click(driver, "Messages")
        click(driver, "Take offline: Sarah Johnson", person=None)
        assert "Offline" in phone(driver, "Sarah Johnson").text
        fill_and_submit(driver, "Message", "Running late", "Send a message")
        assert "1 change waiting" in phone(driver, "Sarah Johnson").text
        click(driver, "Relaunch", person=None)
        click(driver, "Bring online: Sarah Johnson", person=None)
        wait(driver, lambda d: "change waiting" not in phone(d, "Sarah Johnson").text)
        assert "Online" in phone(driver, "Sarah Johnson").text


@test
def two_phones_one_sees_the_others_message(driver):
    with Server(BINARY, "family-admin") as server:
        driver.get(server.address)
        labelled(driver, "Person").send_keys("Mark Johnson")
        before = inner_html(driver, "phones")
        button(driver, "Add a phone").click()
        wait(driver, lambda d: inner_html(d, "phones") != before)
        assert phone(driver, "Mark Johnson")
        click(driver, "Messages", person="Sarah Johnson")
        fill_and_submit(driver, "Message", "Dinner at 7", "Send a message")
        click(driver, "Messages", person="Mark Johnson")
        wait_heading(driver, "Messages", person="Mark Johnson")
        assert "Dinner at 7" in phone(driver, "Mark Johnson").text


@test
def the_command_field_takes_what_the_repl_takes(driver):
    with Server(BINARY, "family-admin") as server:
        driver.get(server.address)
        command(driver, "tasks")
        wait_heading(driver, "Tasks")
        command(driver, ":clok +1h")
        wait(driver, lambda d: ":clok" in log_text(d))
        assert "did you mean :clock?" in log_text(driver), log_text(driver)
        command(driver, ":clock +1h")
        assert "09:00" in phone(driver, "Sarah Johnson").text


@test
def a_deep_link_opens_on_its_step(driver):
    with Server(BINARY, "new-user") as server:
        driver.get(server.address + "?scenario=family-admin&go=chores-and-points@2")
        wait(driver, lambda d: "chores-and-points at step 2" in log_text(d))
        assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-scenario") == "family-admin"
        assert "go=chores-and-points@2" in driver.current_url
        step = button(driver, "Go to step 3: title Tidy the playroom")
        driver.execute_script("arguments[0].closest('details').open = true", step)
        step.click()
        wait(driver, lambda d: "go=chores-and-points@3" in d.current_url)


@test
def a_recording_downloads_as_a_transcript_that_check_passes(driver):
    with Server(BINARY, "new-user") as server:
        driver.get(server.address)
        before = log_text(driver)
        button(driver, "Record").click()
        wait(driver, lambda d: "Recording" in d.find_element(By.ID, "record").text)
        click(driver, "Skip")
        click(driver, "Sign in with Apple")
        click(driver, "Try again")
        command(driver, ":clock +2h")
        click(driver, "Create a family")
        fill_and_submit(driver, "Family name", "The Johnsons", "Name the family")
        link = driver.find_element(By.XPATH, "//a[normalize-space()='Download transcript']")
        # The link's file, fetched as the page would, with the page's cookie.
        text = driver.execute_async_script(
            "const done = arguments[1]; fetch(arguments[0]).then(r => r.text()).then(done)", link.get_attribute("href")
        )
        assert "> name The Johnsons" in text and "> :clock +2h" in text, text[:500]
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "demo.transcript")
            with open(path, "w") as file:
                file.write(text)
            result = subprocess.run([BINARY, "check", path], capture_output=True, text=True)
            assert result.returncode == 0, result.stdout + result.stderr
        del before


@test
def a_hostile_task_title_shows_as_its_characters(driver):
    hostile = "<img src=x onerror=alert(1)>"
    with Server(BINARY, "family-admin") as server:
        driver.get(server.address)
        click(driver, "Tasks")
        click(driver, "Add a task")
        fill_and_submit(driver, "Title", hostile, "Set the title")
        text = phone(driver, "Sarah Johnson").text
        assert hostile in text, text
        assert not phone(driver, "Sarah Johnson").find_elements(By.TAG_NAME, "img")


@test
def two_windows_on_one_simulation_both_update(driver):
    with Server(BINARY, "family-admin") as server:
        driver.get(server.address)
        first = driver.current_window_handle
        driver.switch_to.new_window("window")
        driver.get(server.address)
        second = driver.current_window_handle
        driver.switch_to.window(first)
        click(driver, "Calendar")
        driver.switch_to.window(second)
        wait_heading(driver, "Calendar")
        click(driver, "Dashboard")
        driver.switch_to.window(first)
        wait_heading(driver, "The Johnsons")
        driver.switch_to.window(second)
        driver.close()
        driver.switch_to.window(first)


@test
def text_at_200_percent_fits_and_targets_are_44_pixels(driver):
    with Server(BINARY, "family-admin") as server:
        driver.get(server.address)
        click(driver, "Tasks")
        small = driver.execute_script(
            """return [...document.querySelectorAll('.phone button, .phone input, .phone select')]
                 .filter(e => e.type !== 'hidden')
                 .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
                 .map(e => e.outerHTML.slice(0, 120))"""
        )
        assert not small, f"controls under 44×44: {small}"
        driver.execute_script("document.documentElement.style.fontSize = '200%'")
        sideways = driver.execute_script(
            """return [...document.querySelectorAll('.phone .screen')]
                 .filter(e => e.scrollWidth > e.clientWidth + 1).length"""
        )
        assert sideways == 0, "a sideways scroll inside the phone at 200%"


def axe_check(driver, where):
    from axe_selenium_python import Axe

    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    bad = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, where + ": " + json.dumps([(v["id"], v["nodes"][0]["html"][:160]) for v in bad])


@test
def axe_finds_nothing_serious_on_any_screen_of_any_bundled_journey(driver):
    listing = subprocess.run([BINARY, "list"], capture_output=True, text=True, check=True).stdout.splitlines()
    scenarios = {}
    for line in listing:
        if " — " in line and not line.startswith(" "):
            name = line.split(" — ")[0]
            scenarios[name] = []
        elif line.strip().startswith("journeys:"):
            scenarios[name] = [j.strip() for j in line.split(":", 1)[1].split(",")]
    screens = 0
    for scenario, journeys in scenarios.items():
        with Server(BINARY, scenario) as server:
            seen = set()
            for journey in journeys:
                log = parse(server.post_line(f":go {journey}@9999"))["log"]
                count = int(log.rsplit("has steps 0 to ", 1)[1].split(";")[0])
                for step in range(count + 1):
                    state = parse(server.post_line(f":go {journey}@{step}"))
                    key = (state["phones"].split('data-screen="')[1].split('"')[0], "role=\"alert\"" in state["phones"])
                    if key in seen:
                        continue
                    seen.add(key)
                    driver.get(server.address)
                    axe_check(driver, f"{scenario} {journey}@{step}")
                    screens += 1
    for scheme in ("dark",):
        driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}
        )
        with Server(BINARY, "family-admin") as server:
            for line in ["", "tasks", "home", "messages", "home", "calendar", "home", "school run", "home", "settings"]:
                if line:
                    server.post_line(line)
                driver.get(server.address)
                axe_check(driver, f"dark {line or 'dashboard'}")
        driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]}
        )
    print(f"    axe: {screens} distinct screens, no serious or critical violation")


def main():
    global BINARY
    BINARY = os.path.abspath(sys.argv[1])
    wanted = set(sys.argv[2:])
    driver = chrome()
    passed = failed = 0
    try:
        for function in TESTS:
            if wanted and function.__name__ not in wanted:
                continue
            started = time.monotonic()
            try:
                function(driver)
                passed += 1
                print(f"✔ {function.__name__} ({time.monotonic() - started:.1f} s)", flush=True)
            except (AssertionError, TimeoutException, Exception):
                failed += 1
                print(f"✘ {function.__name__}", flush=True)
                traceback.print_exc()
                driver.quit()
                driver = chrome()
    finally:
        driver.quit()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
