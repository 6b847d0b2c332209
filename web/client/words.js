// The web page's own words (web/client/index.html: loading, progress, what went wrong, Try
// again, the Screen reader switch) in the language the game speaks: window.parlourWords.
// ./build.sh words extracts the _("...") messages below (Babel, babel.cfg) into the game's
// catalogues (docs/languages.md); ./build.sh web (build_site.py) puts this file into the built
// index.html in place of its <script src="words.js">, with WORDS the translations of exactly
// these messages from each compiled catalogue, {code: {English: translation}}: English needs
// no table, and a message a catalogue doesn't translate (yet) stays English. Each message is
// one string literal (the build finds them with a regular expression, Babel with its
// JavaScript extractor).
//
// The language is decided here, before Python starts, by the rule the game follows
// (game/core/language.py, pick): ?lang=xx in the address when the game speaks it; else the
// player's setting (the game's saved settings, localStorage "parlour/settings": data.language,
// "" or missing for automatic); else the first of the browser's languages whose main part
// ("de" of "de-AT") the game speaks; else English. The languages the game speaks: English and
// each with a catalogue (the codes of WORDS). The choice is window.parlourLanguage and the
// page's <html lang>.
var parlourWords = (function () {
    var WORDS = /*WORDS*/{};
    var SOURCE = "en";
    var KEY = "parlour/settings";  // game/storage/saves.py: PREFIX + "settings"

    // "de-AT" -> "de", "fr_CH.UTF-8" -> "fr": as language.pick reads a tag
    function main(tag) {
        if (typeof tag !== "string") return "";
        return tag.replace(/_/g, "-").split(".")[0].split("-")[0].trim().toLowerCase();
    }

    // asked: ?lang=; saved: the setting ("" for automatic); preferred: navigator.languages
    function pick(speaks, asked, saved, preferred) {
        var code = main(asked);
        if (code && speaks.indexOf(code) >= 0) return code;
        if (typeof saved === "string" && saved && speaks.indexOf(saved) >= 0) return saved;
        for (var i = 0; preferred && i < preferred.length; i++) {
            code = main(preferred[i]);
            if (code && speaks.indexOf(code) >= 0) return code;
        }
        return SOURCE;
    }

    function asked() {
        try {
            return new URLSearchParams(window.location.search).get("lang") || "";
        } catch (e) {
            return "";
        }
    }

    function saved() {
        try {
            var record = JSON.parse(window.localStorage.getItem(KEY) || "null");
            var language = record && record.data && record.data.language;
            return typeof language === "string" ? language : "";
        } catch (e) {  // no storage (blocked), or a record the game will set aside itself
            return "";
        }
    }

    function preferred() {
        try {
            var nav = window.navigator || {};
            return nav.languages && nav.languages.length ? nav.languages
                : nav.language ? [nav.language] : [];
        } catch (e) {
            return [];
        }
    }

    var speaks = [SOURCE].concat(Object.keys(WORDS).filter(function (c) {
        return c !== SOURCE;
    }).sort());
    var code = SOURCE;
    try {
        code = pick(speaks, asked(), saved(), preferred());
    } catch (e) { /* English */ }
    var table = WORDS[code] || {};

    function _(message) {
        var said = Object.prototype.hasOwnProperty.call(table, message) ? table[message] : "";
        return typeof said === "string" && said ? said : message;
    }
    // a message's named fields: fill("{file} ...", {file: "boot.py"})
    function fill(text, fields) {
        return text.replace(/\{(\w+)\}/g, function (whole, name) {
            return Object.prototype.hasOwnProperty.call(fields, name) ? String(fields[name])
                : whole;
        });
    }
    // bytes as megabytes with one decimal, in the language's way ("12.3", "12,3")
    function mb(bytes) {
        var n = bytes / 1e6;
        if (code !== SOURCE) {
            try {
                return new Intl.NumberFormat(code, {minimumFractionDigits: 1,
                    maximumFractionDigits: 1, useGrouping: false}).format(n);
            } catch (e) { /* as English */ }
        }
        return n.toFixed(1);
    }

    // what the page says, each a sentence or a label as the player sees it (a translator's
    // note right above its message: Babel takes it only from the line before)
    var say = {
        loading: function () {
            // Translators: the web page, while it starts (before the game's own screen)
            return _("Loading...");
        },
        downloading: function (done, total) {
            // Translators: the web page's progress bar; {done} and {total} are megabytes with
            // one decimal ("12.3")
            return fill(_("Downloading the game: {done} of {total} MB"),
                        {done: mb(done), total: mb(total)});
        },
        startingPython: function () {
            // Translators: the web page, while the game's engine (Python in the browser) starts
            return _("Starting Python...");
        },
        dealing: function () {
            // Translators: the web page, the last step before the game's first screen
            return _("Dealing the cards...");
        },
        tryAgain: function () {
            // Translators: the web page's button after a failure; keep it short
            return _("Try again");
        },
        couldNotStart: function (why) {
            // Translators: the web page; {why}: what went wrong, one of the web page's
            // messages below or an error's own text (in English)
            return fill(_("The game could not start: {why}"), {why: why});
        },
        stopped: function (why) {
            // Translators: the web page, when the game fails while it runs; {why}: what went
            // wrong (an error's own text, in English)
            return fill(_("The game stopped: {why}"), {why: why});
        },
        noAnswer: function (file) {
            // Translators: the web page, after "The game could not start: "; {file}: a file's
            // name ("pyodide/pyodide.asm.wasm")
            return fill(_("could not download {file} (no answer from the server). Check the connection and try again."),
                        {file: file});
        },
        httpError: function (file, status) {
            // Translators: the web page, after "The game could not start: "; {file}: a file's
            // name; {status}: the server's answer, a number (404)
            return fill(_("could not download {file} (HTTP {status}). Check the connection and try again."),
                        {file: file, status: status});
        },
        brokeOff: function (file) {
            // Translators: the web page, after "The game could not start: "; {file}: a file's name
            return fill(_("could not download {file} (the download broke off). Check the connection and try again."),
                        {file: file});
        },
        didNotLoad: function (file) {
            // Translators: the web page, after "The game could not start: "; {file}: a file's name
            return fill(_("could not download {file} (it did not load). Check the connection and try again."),
                        {file: file});
        },
        wentAway: function () {
            // Translators: the web page, after "The game could not start: "
            return _("the network went away while downloading. Try again once you are back online.");
        },
        stalled: function (seconds) {
            // Translators: the web page, after "The game could not start: "; {seconds}: a number
            return fill(_("the download stalled (nothing for {seconds} s). Check the connection and try again."),
                        {seconds: seconds});
        },
        otherVersion: function (file) {
            // Translators: the web page, after "The game could not start: "; {file}: a file's name
            return fill(_("a new version of the game was published while this page loaded ({file} is of another version). Try again."),
                        {file: file});
        },
        notServed: function () {
            // Translators: the web page, after "The game could not start: ", when the page was
            // opened from a folder; "./build.sh serve" is a command: keep it as it is
            return _("the page must be served, not opened as a file: ./build.sh serve, or any static web server");
        },
        didNotRun: function (file) {
            // Translators: the web page, after "The game could not start: "; {file}: a file's
            // name, a part of the game's engine
            return fill(_("{file} did not run"), {file: file});
        },
        archiveDamaged: function () {
            // Translators: the web page, after "The game could not start: "
            return _("the game's archive is damaged: reload to download it again");
        },
        wheelDamaged: function () {
            // Translators: the web page, after "The game could not start: "; pygame: a program
            // the game uses, the "wheel" its package
            return _("the pygame wheel is damaged: reload to download it again");
        },
        screenReader: function () {
            // Translators: the web page's first button, a switch (pressed or not): the game
            // played by ear with a screen reader; keep it short
            return _("Screen reader");
        }
    };

    try {
        document.documentElement.lang = code;
    } catch (e) { /* no page (a test) */ }
    window.parlourLanguage = code;
    return {language: code, speaks: speaks, pick: pick, _: _, fill: fill, say: say};
})();
