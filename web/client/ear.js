// window.parlourEar: the game played by ear with a screen reader (issue 46). The game draws on
// a canvas, which a screen reader can't read; the game's Python (game/ui/ear/page.py, PageVoice)
// hands this file each screen as a "view" (game/ui/ear/view.py: a title, nodes, a focus) and
// the sentences to speak, and this file keeps the page's accessibility tree in step:
//   show(json)        the screen: #ear, a hidden mirror of it (a div per node), DOM focus moved
//                     to the game's focus while the switch is on
//   say(text, urgent) a sentence into a live region: #ear-polite, or #ear-alert when urgent
//   take()            what the page asked since the last call, as JSON: [["activate", id]] (a
//                     screen reader pressed a mirrored element), [["switch", "on"|"off"]]
//   on, setSwitch(on) the Screen reader switch (#ear-switch), kept in the game's settings
// The mirror and the live regions are visually hidden but in the accessibility tree; the game
// draws its own focus ring on the canvas. ./build.sh web puts this file into index.html in place
// of its <script src="ear.js"> (web/client/build_site.py), as it does words.js. Plain ES5, as
// the page is: it runs before anything else could fail.
var parlourEar = (function () {
    var KEEP = 5;        // sentences kept in each live region (older ones are read already)
    var SAID = 200;      // sentences kept in ear.said (page ms: what the benchmarks measure)
    var asked = [];      // requests for take(), oldest first
    var byId = {};       // a node's id -> its element in the mirror
    var focusId = null;  // the view's focus
    var ear = {on: false, said: []};

    function el(id) { return document.getElementById(id); }
    // the game rests without animation frames while idle (index.html, drive): a request must
    // wake it, or take() would not be polled until the player's next key
    function wake() {
        try {
            if (window.parlour && typeof parlour.wake === "function") parlour.wake();
        } catch (e) { /* the game isn't running yet: it polls take() when it starts */ }
    }
    function ask(kind, what) {
        asked.push([kind, what]);
        wake();
    }
    // polled every frame: nothing to build while nothing was asked
    ear.take = function () {
        if (!asked.length) return "[]";
        var out = JSON.stringify(asked);
        asked = [];
        return out;
    };

    // ------------------------------------------------------------------ the switch
    // Off: the mirror is hidden (it would be a stale screen) and the canvas is the page's second
    // tab stop, for sighted keyboard players (SDL reads keys on the window, but Tab from the
    // switch must land inside the page); a focusable canvas can't be aria-hidden (axe's
    // aria-hidden-focus), so it is an image named after the game (index.html). On: the canvas
    // is aria-hidden and out of the tab order; the mirror's focus is the tab stop after the
    // switch.
    ear.setSwitch = function (on) {
        ear.on = on = on === true || on === "true" || on === 1;
        var button = el("ear-switch"), canvas = el("canvas"), mirror = el("ear");
        if (button) button.setAttribute("aria-pressed", on ? "true" : "false");
        if (canvas) {
            canvas.tabIndex = on ? -1 : 0;
            set(canvas, "aria-hidden", on ? "true" : null);
        }
        if (mirror) mirror.hidden = !on;
        rove();
        if (on) focusView();
    };

    // ------------------------------------------------------------------ the mirror
    // role="application" on the mirror: NVDA's and JAWS's browse mode would otherwise take the
    // arrow and letter keys for their own reading; the game's keys are the arrows, Tab, Enter
    // and letters (game/ui: the keyboard), all handled by the game. WAI-ARIA's authoring
    // practices keep "application" for a widget whose every key the page handles itself and
    // whose parts are announced through focus and live regions: that is this mirror (each
    // element focused names itself; the game says the rest), and the player can still leave
    // it with the screen reader's own keys (NVDA+Space).
    function set(e, name, value) {  // an attribute, touched only when it changes (a screen
        if (value === null) {       // reader may announce any change to the focused element)
            if (e.hasAttribute(name)) e.removeAttribute(name);
        } else if (e.getAttribute(name) !== value) {
            e.setAttribute(name, value);
        }
    }
    // Divs, not <button>s: a native button clicks itself on Enter and Space, and SDL already
    // hands every keydown on the window to the game: the key would count twice. A screen
    // reader's own "activate" (NVDA's browse mode Enter, VoiceOver's VO+Space) sends a click,
    // which comes back to the game as ["activate", id].
    function paint(e, n) {
        var name = typeof n.name === "string" ? n.name : "";
        if (n.role === "button" || n.role === "pile") {
            set(e, "role", "button");
            set(e, "aria-label", name);
            set(e, "aria-roledescription", n.role === "pile" && typeof n.roledescription ===
                "string" && n.roledescription ? n.roledescription : null);
            set(e, "aria-pressed", typeof n.pressed === "boolean" ? String(n.pressed) : null);
            set(e, "aria-disabled", n.disabled === true ? "true" : null);
        } else {
            set(e, "role", n.role === "heading" ? "heading" : null);
            set(e, "aria-level", n.role === "heading" ? "1" : null);
            if (e.textContent !== name) e.textContent = name;
        }
    }
    // the roving tab stop: the focus's element while the switch is on, else the mirror itself
    // (a screen with nothing in focus yet: its keys go to the game from there)
    function rove() {
        var mirror = el("ear"), target = byId[focusId];
        if (mirror) set(mirror, "tabindex", ear.on && !(target &&
            target.getAttribute("role") === "button") ? "0" : "-1");
        Object.keys(byId).forEach(function (id) {
            var e = byId[id];
            if (e.getAttribute("role") === "button")
                set(e, "tabindex", ear.on && id === focusId ? "0" : "-1");
        });
    }
    // DOM focus to the game's focus (else the mirror itself), unless the player is in another
    // of the page's controls (the switch, the loader's Try again): those keep it
    function focusView() {
        var mirror = el("ear"), now = document.activeElement;
        if (!ear.on || !mirror || mirror.hidden) return;
        if (now && now !== document.body && now !== document.documentElement &&
            now !== el("canvas") && !mirror.contains(now)) return;
        var target = byId[focusId];
        if (!target || target.getAttribute("role") !== "button") target = mirror;
        if (now !== target) target.focus({preventScroll: true});
    }

    // json: View.to_json() as text. Updated in place, keyed by id: an element that stays keeps
    // its DOM focus (a rebuilt one would be a new focus for the screen reader, said again).
    ear.show = function (json) {
        var view, mirror = el("ear");
        try {
            view = JSON.parse(json);
        } catch (e) {
            return;
        }
        if (!mirror || !view || typeof view !== "object") return;
        set(mirror, "aria-label", typeof view.title === "string" ? view.title : "");
        if (typeof view.lang === "string" && view.lang)
            document.documentElement.lang = view.lang;
        var nodes = (Array.isArray(view.nodes) ? view.nodes : []).filter(function (n) {
            return n && typeof n === "object" && typeof n.id === "string";
        });
        var kept = {};
        nodes.forEach(function (n) {
            var e = byId[n.id], kind = n.role === "button" || n.role === "pile" ? "button"
                : n.role === "heading" ? "heading" : "text";
            if (kept[n.id]) return;  // an id twice: the first counts
            if (e && e.earKind !== kind) {  // a button become text: a new element
                if (e.parentNode === mirror) mirror.removeChild(e);
                e = null;
            }
            if (!e) {
                e = document.createElement("div");
                e.earKind = kind;
                e.setAttribute("data-ear", n.id);
            }
            paint(e, n);
            kept[n.id] = e;
        });
        // the elements gone first, then the order: an element already in place is never moved
        // (moving a focused element would blur it)
        Object.keys(byId).forEach(function (id) {
            if (!kept[id] && byId[id].parentNode === mirror) mirror.removeChild(byId[id]);
        });
        byId = kept;
        var at = mirror.firstChild;
        nodes.forEach(function (n) {
            var e = kept[n.id];
            if (e === at) at = at.nextSibling;
            else mirror.insertBefore(e, at);  // new, or out of order
        });
        focusId = typeof view.focus === "string" && kept[view.focus] ? view.focus : null;
        rove();
        focusView();
    };

    // the game's focus moved and nothing else changed (most keys at a table): the roving tab
    // stop and the DOM focus only, with no view to read (PageVoice sends this instead of show)
    ear.focus = function (id) {
        focusId = typeof id === "string" && byId[id] ? id : null;
        rove();
        focusView();
    };

    // ------------------------------------------------------------------ live regions
    // A new child per sentence (the same sentence twice is read twice: setting the same text
    // again is no change); the regions exist from the page's start (index.html), since text put
    // into a region made at that moment is not read.
    ear.say = function (text, urgent) {
        text = text === null || text === undefined ? "" : String(text);
        urgent = urgent === true || urgent === "true" || urgent === 1;
        var region = el(urgent ? "ear-alert" : "ear-polite");
        if (!text || !region) return;
        var line = document.createElement("div");
        line.textContent = text;
        region.appendChild(line);
        while (region.childNodes.length > KEEP) region.removeChild(region.firstChild);
        ear.said.push({text: text, urgent: urgent, at: performance.now()});
        if (ear.said.length > SAID) ear.said.shift();
    };

    // ------------------------------------------------------------------ input
    // A click on the switch toggles it; on a mirrored button, asks the game to press it.
    document.addEventListener("click", function (event) {
        var t = event.target;
        if (!t || !t.closest) return;
        if (t.closest("#ear-switch")) {
            ear.setSwitch(!ear.on);
            ask("switch", ear.on ? "on" : "off");
            return;
        }
        var mirror = el("ear"), e = t.closest("[data-ear]");
        if (mirror && e && mirror.contains(e) && e.getAttribute("role") === "button")
            ask("activate", e.getAttribute("data-ear"));
    });
    // Keys: SDL reads them on the window (bubbling), so a key pressed in one of the page's own
    // controls (the switch, Try again) would reach the game too: Enter on the switch would also
    // press the game's focused button. Such keys stop here, before SDL (this listener captures on
    // the window), and do only what the control does. Tab with nothing focused (a fresh page)
    // stops here too: SDL takes Tab from the page (preventDefault, for its own focus walk), and
    // the first Tab must reach the switch, the page's first tab stop, as a skip link's does.
    // The page's own listeners on the window (index.html: wake, sound) still see every key.
    function keep(event) {
        var now = document.activeElement, mirror = el("ear");
        var nothing = !now || now === document.body || now === document.documentElement;
        var game = nothing || now === el("canvas") || (mirror && mirror.contains(now));
        if (!game || (nothing && event.key === "Tab")) event.stopPropagation();
    }
    ["keydown", "keypress", "keyup"].forEach(function (type) {
        window.addEventListener(type, keep, true);
    });
    return ear;
})();
