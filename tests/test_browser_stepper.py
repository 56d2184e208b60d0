"""The stepper in Chromium, apart from any chapter: each click moves one step at once, even
while the chapter is still waiting for the API's answer to the click before."""


def test_quick_clicks_each_move_one_step(page, live_server):
    page.goto(live_server + "/chapter/shift-ray")
    page.wait_for_selector("#chapter[data-drawn]")
    calls = page.evaluate("""async () => {
        const entry = document.querySelector('script[src*="/js/chapters/"]').src;
        const { createStepper } = await import(new URL("../stepper.js", entry).href);
        const host = document.createElement("div");
        document.body.append(host);
        const calls = [];
        // A chapter that has not redrawn yet: onChange records, set() is not called back.
        const stepper = createStepper(host, { onChange: (i) => calls.push(i) });
        stepper.set(0, 5);
        const click = (step) => host.querySelector(`[data-step="${step}"]`).click();
        click("next"); click("next"); click("next"); click("prev"); click("last"); click("next");
        return calls;
    }""")
    assert calls == [1, 2, 3, 2, 4]
