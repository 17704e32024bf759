//! End-to-end tests of `interp serve` in a real browser: Debian's chromium driven through
//! WebDriver (tests/common/webdriver.rs). Each test starts the release binary with
//! `serve --port 0`, opens the page and plays by clicking as a person would, with the element
//! ids src/serve/assets/README.md documents; each saves target/screenshots/NAME.png.
//! Without chromium the tests fail with how to install it (INTERP_SKIP_BROWSER=1 skips them
//! outside CI).

mod common;
#[path = "common/webdriver.rs"]
mod webdriver;

use serde_json::json;
use webdriver::{Browser, skip_browser};

/// The client itself, on a static page: find, click, type, read, script, wait, screenshot.
#[test]
fn webdriver_client_drives_a_static_page() {
    if skip_browser() {
        return;
    }
    let b = Browser::start();
    let page = "<!doctype html><title>probe</title><p id=status>ready</p><p id=error></p>\
        <input id=name><button id=go onclick=\"document.getElementById('out').textContent='hello '+document.getElementById('name').value\">go</button>\
        <p id=out data-k=v>none</p>";
    b.goto(&format!("data:text/html,{}", page.replace('#', "%23").replace(' ', "%20")));
    assert_eq!(b.title(), "probe");
    let input = b.el("#name");
    b.send_keys(&input, "world");
    assert_eq!(b.prop(&input, "value"), json!("world"));
    b.click_css("#go");
    assert_eq!(b.wait_text("#out", "hello"), "hello world");
    assert_eq!(b.attr(&b.el("#out"), "data-k").as_deref(), Some("v"));
    assert_eq!(b.exec("return 6 * 7;", vec![]), json!(42));
    assert!(b.find("#absent").is_none());
    assert_eq!(b.find_all("p").len(), 3);
    let png = b.screenshot_png();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG screenshot");
    b.screenshot("webdriver_probe");
    let err = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        b.wait_for_in(std::time::Duration::from_millis(100), "a thing that never comes", || None::<()>)
    }));
    let msg = err.expect_err("the wait times out");
    let msg = msg.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(msg.contains("a thing that never comes") && msg.contains("#status: \"ready\""), "{msg}");
}
