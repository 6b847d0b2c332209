"""A stand-in for the browser's localStorage as the two Python bridges present it."""


class JsNull:
    """What Pyodide 0.28+ hands Python for a JavaScript null (pyodide.ffi.jsnull)."""

    def __repr__(self):
        return "jsnull"

    def __str__(self):
        return "null"

    def __bool__(self):
        return False


class FakeLocalStorage:
    """Web Storage semantics: values become strings, a missing key reads as null, and a write
    past the quota (counted in UTF-16 code units of keys plus values, as browsers do) throws."""

    def __init__(self, quota=5_000_000, null=None, style="pygbag"):
        self.items: dict[str, str] = {}
        self.quota = quota
        self.null = null
        self.style = style
        self.sets = 0

    @staticmethod
    def _units(text):
        return len(text.encode("utf-16-le", "surrogatepass")) // 2

    @property
    def length(self):
        return len(self.items)

    def key(self, i):
        keys = list(self.items)
        return keys[i] if 0 <= i < len(keys) else self.null

    def getItem(self, key):
        return self.items.get(str(key), self.null)

    def setItem(self, key, value):
        key, value = str(key), str(value)
        used = sum(self._units(k) + self._units(v) for k, v in self.items.items() if k != key)
        if used + self._units(key) + self._units(value) > self.quota:
            if self.style == "pyodide":
                raise QuotaError(
                    "QuotaExceededError",
                    "Failed to execute 'setItem' on 'Storage': Setting the value "
                    f"of '{key}' exceeded the quota.",
                )
            # pygbag's bridge raises a bare Exception carrying the DOMException's message
            raise Exception(
                f"Failed to execute 'setItem' on 'Storage': Setting the value of "
                f"'{key}' exceeded the quota."
            )
        self.sets += 1
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(str(key), None)

    def clear(self):
        self.items.clear()


class QuotaError(Exception):
    """Like pyodide.ffi.JsException: the JS error's name is an attribute."""

    def __init__(self, name, message):
        super().__init__(f"{name}: {message}")
        self.name = name


class FakeWindow:
    def __init__(self, storage):
        self.localStorage = storage


class BlockedWindow:
    """A page whose localStorage is blocked (third-party iframe, privacy settings): touching it
    throws a SecurityError."""

    @property
    def localStorage(self):
        raise Exception(
            "SecurityError: Failed to read the 'localStorage' property from "
            "'Window': Access is denied for this document."
        )


class OddLocalStorage(FakeLocalStorage):
    """A localStorage whose getItem misbehaves for chosen keys: ``odd[key]`` is an exception
    for getItem to throw, or a value (not a string) for it to hand back."""

    def __init__(self, odd=None, **kwargs):
        super().__init__(**kwargs)
        self.odd = dict(odd or {})

    def getItem(self, key):
        if key in self.odd:
            outcome = self.odd[key]
            if isinstance(outcome, BaseException):
                raise outcome
            return outcome
        return super().getItem(key)


class JsObject:
    """A JavaScript object as a bridge might hand it over: not a str, and its toString (our
    __str__) may throw."""

    def __init__(self, text="[object Object]", throws=False):
        self.text = text
        self.throws = throws

    def __str__(self):
        if self.throws:
            raise RuntimeError("TypeError: Cannot convert object to primitive value")
        return self.text

    def __repr__(self):
        return f"JsObject({self.text!r}, throws={self.throws})"


class Unprintable(Exception):
    """An exception whose message can't even be turned into text."""

    def __str__(self):
        raise RuntimeError("no message")

    def __repr__(self):
        return "Unprintable()"
