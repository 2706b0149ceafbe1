#!/usr/bin/python3
"""The site (tools/ngcc site) in a real browser: Debian's headless Chromium
driven through Selenium (packages chromium, chromium-driver,
python3-selenium; tools/ngcc test installs them).

    site_browser_check.py [--screenshots DIR]

The site of every campaign under results/ is made into a scratch directory
and opened from its files (file://, as a reader opens it), then:
- every page loads with no SEVERE entry in the browser's console;
- every image has loaded and every link names a file of the site (and an
  id of its page, where it has an anchor);
- on each system's field page, sorting by the 64 KiB cycles column puts the
  fewest cycles (the fastest library) first, and the variant filter leaves
  only that variant's rows;
- on a candidate page, the system switch lands on the same candidate's
  page of the other system.
Screenshots: field.png (a field page) and candidate.png (a candidate page)
always, and one per failure, into DIR (default a scratch directory, named
at the end). Without Chromium the check fails, naming the package.
Prints one line per check and 'N passed, M failed'; exit 1 when any failed.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time
import urllib.parse
import urllib.request

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
from hashbench.report.site import build_site  # noqa: E402

CHROMEDRIVER = "/usr/bin/chromedriver"  # Debian's chromium-driver
SORTED_COLUMN = "cycles_65536"          # the field table's 64 KiB column


def browser():
    """A headless Chromium through chromedriver, or exit naming what is missing."""
    missing = [package for package, present in (
        ("chromium", shutil.which("chromium")), ("chromium-driver", os.path.exists(CHROMEDRIVER)))
        if not present]
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing.append("python3-selenium")
    if missing:
        sys.exit("site_browser_check: missing Debian package(s) %s (apt-get install %s; tools/ngcc test "
                 "installs them)" % (", ".join(missing), " ".join(missing)))
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000", "--allow-file-access-from-files"):
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


class Check:
    def __init__(self, driver, site, screenshots):
        self.driver = driver
        self.site = site
        self.screenshots = screenshots
        self.passed = self.failed = 0

    def url(self, name):
        return "file://" + urllib.request.pathname2url(os.path.join(self.site, name))

    def page_of(self, url):
        """The site's name of a file:// URL ('x/field.html'), or None."""
        parts = urllib.parse.urlsplit(url)
        if parts.scheme != "file":
            return None
        return os.path.relpath(urllib.request.url2pathname(parts.path), self.site)

    def load(self, name):
        self.driver.get(self.url(name))
        for _ in range(100):
            if self.driver.execute_script("return document.readyState") == "complete":
                return
            time.sleep(0.05)

    def screenshot(self, file_name, full_page=True):
        """The page as file_name in the screenshots directory (the whole page)."""
        if full_page:
            height = self.driver.execute_script("return document.documentElement.scrollHeight")
            self.driver.set_window_size(1400, max(1000, min(height, 6000)))
        self.driver.save_screenshot(os.path.join(self.screenshots, file_name))
        self.driver.set_window_size(1400, 1000)

    def result(self, name, problems):
        if problems:
            self.failed += 1
            print("FAIL %s" % name)
            for p in problems:
                print("     %s" % p)
            self.screenshot("failure-%d.png" % self.failed)
        else:
            self.passed += 1
            print("ok   %s" % name)

    # -- the checks ------------------------------------------------------------------

    def page_loads(self, name):
        """No console error; every image loaded; every link inside the site."""
        self.load(name)
        problems = ["console: %s" % entry["message"] for entry in self.driver.get_log("browser")
                    if entry["level"] == "SEVERE"]
        for src in self.driver.execute_script(
                "return Array.from(document.images).filter(i => !i.complete || i.naturalWidth === 0)"
                ".map(i => i.getAttribute('src'))"):
            problems.append("image %s did not load" % src)
        for href in self.driver.execute_script("return Array.from(document.links).map(a => a.href)"):
            target = self.page_of(href)
            if target is None:
                problems.append("link %s leaves the site" % href)
                continue
            fragment = urllib.parse.urlsplit(href).fragment
            path = os.path.join(self.site, target)
            if not os.path.isfile(path):
                problems.append("link %s: no such file" % href)
            elif fragment:
                with open(path, encoding="utf-8") as f:
                    if 'id="%s"' % fragment not in f.read():
                        problems.append("link %s: no id %r there" % (href, fragment))
        self.result("%s loads: no console error, its images and links resolve" % name, problems)

    def field_sorts(self, system):
        from selenium.webdriver.common.by import By
        name = "%s/field.html" % system
        self.load(name)
        header = self.driver.find_element(By.CSS_SELECTOR, 'table#field th[data-key="%s"]' % SORTED_COLUMN)
        index = self.driver.execute_script("return arguments[0].cellIndex", header)
        better = header.get_attribute("data-better")
        header.click()
        values = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('table#field tbody tr')).map("
            "r => r.cells[arguments[0]].getAttribute('data-value'))", index)
        numbers = [float(v) for v in values if v != ""]
        problems = []
        if better != "lower":
            problems.append("the 64 KiB column ranks %r, expected 'lower' (cycles)" % better)
        if not numbers:
            problems.append("no figure in the 64 KiB column")
        elif numbers[0] != min(numbers) or numbers != sorted(numbers):
            problems.append("first row %g, the fastest %g: not sorted fastest first" % (numbers[0], min(numbers)))
        if "" in values and values.index("") < len(numbers):
            problems.append("a row without a figure sorts before a figure")
        first = self.driver.find_element(By.CSS_SELECTOR, "table#field tbody tr").text
        self.result("%s sorted by %s: fastest first (%s)" % (name, header.text, first.split("\n")[0]), problems)
        return first

    def field_filters(self, system):
        from selenium.webdriver.support.ui import Select
        from selenium.webdriver.common.by import By
        name = "%s/field.html" % system
        self.load(name)
        select = Select(self.driver.find_element(By.CSS_SELECTOR, 'select[data-facet="variant"]'))
        variant = select.options[-1].get_attribute("value")
        select.select_by_value(variant)
        shown = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('table#field tbody tr')).filter(r => !r.hidden)"
            ".map(r => r.getAttribute('data-facet-variant'))")
        problems = [] if shown and set(shown) == {variant} else \
            ["variant %r: rows shown of variants %s" % (variant, sorted(set(shown)))]
        self.result("%s filtered to variant %s: %d rows, all of it" % (name, variant, len(shown)), problems)

    def system_switch(self, stem, source, target):
        from selenium.webdriver.common.by import By
        self.load("%s/%s.html" % (source, stem))
        self.driver.find_element(By.CSS_SELECTOR, '#system-switch a[data-system="%s"]' % target).click()
        landed = self.page_of(self.driver.current_url)
        heading = self.driver.find_element(By.TAG_NAME, "h1").text
        expected = os.path.join(target, stem + ".html")
        problems = []
        if landed != expected:
            problems.append("landed on %s, expected %s" % (landed, expected))
        if "(system %s)" % target not in heading:
            problems.append("its heading %r names another system" % heading)
        self.result("%s/%s.html: the switch to %s lands on %s" % (source, stem, target, landed), problems)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--screenshots", help="directory of the screenshots (default: a scratch directory)")
    args = ap.parse_args(argv)
    screenshots = args.screenshots or tempfile.mkdtemp(prefix="ngcc-site-screenshots-")
    os.makedirs(screenshots, exist_ok=True)
    driver = browser()
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="ngcc-site-") as site:
        written = build_site(os.path.join(REPO, "results"), site)
        print("site: %d files made in %.1f s" % (len(written), time.monotonic() - start))
        check = Check(driver, site, screenshots)
        try:
            pages = sorted(n for n in written if n.endswith(".html"))
            for name in pages:
                check.page_loads(name)
            systems = sorted({n.split("/")[0] for n in pages if n.endswith("/field.html")})
            for system in systems:
                check.field_sorts(system)
                check.field_filters(system)
            check.load("%s/field.html" % systems[-1])
            check.screenshot("field.png", full_page=False)
            candidates = sorted(n.split("/")[1][:-5] for n in pages
                                if n.startswith(systems[-1] + "/") and n.split("/")[1].startswith("hash-"))
            stem = candidates[0]
            for source in systems:
                for target in systems:
                    if target != source and os.path.isfile(os.path.join(site, target, stem + ".html")):
                        check.system_switch(stem, source, target)
            check.load("%s/%s.html" % (systems[-1], stem))
            check.screenshot("candidate.png", full_page=False)
        finally:
            driver.quit()
    print("screenshots: %s" % screenshots)
    print("%d passed, %d failed (%.1f s)" % (check.passed, check.failed, time.monotonic() - start))
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main())
