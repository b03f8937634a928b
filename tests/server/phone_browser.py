"""Headless Chromium as a phone 390 px wide (Debian's chromium and chromedriver, through Selenium),
with sound allowed to play without a touch first; `extra_arguments` add Chromium's own options
(a fake microphone from a WAV, say)."""

import shutil

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def phone_browser(*extra_arguments):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--autoplay-policy=no-user-gesture-required", *extra_arguments]:
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True},
        "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36"})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver") or "/usr/lib/chromium/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(120)
    return driver
