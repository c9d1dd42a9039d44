"""The documentation site builds strict and works offline in a real browser.

`mkdocs build --strict` into a temporary directory, served on 127.0.0.1; headless Chromium
(Debian's chromium and chromium-driver, as tests/agents/test_browser.py; nothing is
downloaded) opens the home page and follows every link to a page of the site. On every page:
no request failed or answered 400 or more, every request went to the local server (or was
data:/blob:), and the console has no error.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urldefrag, urlparse

import pytest

DRIVER = "/usr/bin/chromedriver"
ROOT = Path(__file__).resolve().parent.parent.parent
LOCAL_HOSTS = ("127.0.0.1", "localhost")
pytestmark = [
    pytest.mark.frameworks,
    pytest.mark.skipif(not os.path.exists(DRIVER), reason="needs Debian's chromium-driver"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site built strict, served on 127.0.0.1; yields its base URL."""
    out = tmp_path_factory.mktemp("site")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert built.returncode == 0, built.stdout + built.stderr
    handler = functools.partial(_QuietHandler, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,1000", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    yield driver
    driver.quit()


def _problems(driver, page: str, requests: list[str] | None = None) -> list[str]:
    """What went wrong on the page just loaded: failed requests, error responses, requests
    to other hosts, console errors (the logs since the last call). The URLs requested are
    added to `requests`."""
    problems = []
    urls = {}
    requests = [] if requests is None else requests
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        method, params = message["method"], message.get("params", {})
        if method == "Network.requestWillBeSent":
            url = params["request"]["url"]
            urls[params["requestId"]] = url
            requests.append(url)
            parsed = urlparse(url)
            if parsed.scheme not in ("data", "blob") and parsed.hostname not in LOCAL_HOSTS:
                problems.append(f"{page}: request to another host: {url}")
        elif method == "Network.responseReceived":
            status = params["response"]["status"]
            if status >= 400:
                problems.append(f"{page}: {status} for {params['response']['url']}")
        elif method == "Network.loadingFailed":
            url = urls.get(params["requestId"], params["requestId"])
            problems.append(f"{page}: failed {url}: {params.get('errorText')}")
    problems += [f"{page}: console: {e['message']}" for e in driver.get_log("browser")
                 if e["level"] == "SEVERE"]
    return problems


def _site_links(driver, base: str) -> set[str]:
    hrefs = driver.execute_script(
        "return Array.from(document.querySelectorAll('a[href]'), a => a.href)")
    links = set()
    for href in hrefs:
        url = urldefrag(href).url
        if url.startswith(base) and (url.endswith("/") or url.endswith(".html")):
            links.add(url)
    return links


def test_every_page_loads_offline_without_errors(site, browser):
    seen, queue, problems, requests = set(), [site], [], []
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        browser.get(url)
        browser.execute_script("return document.readyState")
        assert browser.title, url
        problems += _problems(browser, url[len(site) - 1:], requests)
        queue += sorted(_site_links(browser, site) - seen)
    pages = {p.relative_to(ROOT / "docs").with_suffix("").as_posix()
             for p in (ROOT / "docs").rglob("*.md")}
    # every page of docs/ was reached from the home page's links (index pages are their dirs)
    reached = {urlparse(u).path.strip("/").removesuffix(".html").removesuffix("/index") or "index"
               for u in seen}
    expected = {p.removesuffix("/index") if p != "index" else p for p in pages}
    assert expected <= reached, sorted(expected - reached)
    # the log saw every page and its style sheet, script and pictures
    assert {u for u in requests if u in seen} == seen
    assert any(u.endswith(".css") for u in requests) and any(u.endswith(".png") for u in requests)
    assert problems == []


def test_search_works_offline(site, browser):
    """The search box finds a game page from the built index, with no request elsewhere."""
    import time

    from selenium.webdriver.common.by import By

    browser.get(site)
    _problems(browser, "/")
    box = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
    box.click()
    box.send_keys("Simurgh")
    deadline = time.time() + 30
    results = []
    while time.time() < deadline and not results:
        results = browser.find_elements(By.CSS_SELECTOR, ".md-search-result__item")
        time.sleep(0.2)
    assert results, "no search result"
    assert _problems(browser, "/ (search)") == []
