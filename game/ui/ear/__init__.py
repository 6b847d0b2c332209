"""The ear: the game for players who listen (a screen reader) instead of looking.

Each screen describes itself as a ``View`` (view.py); the ``Ear`` (ear.py) hands the view to a
``Voice`` (voice.py) whenever it changed and says what happens in sentences; the table's
reading keys and its words are in table_words.py. docs/accessibility.md tells the whole."""
