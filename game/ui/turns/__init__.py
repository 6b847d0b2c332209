"""What the chromes of tables with turns share (game/ui/chromes/duel.py, round.py):
turns_chrome.py (``TurnsChrome``: the panel's buttons and keys, the call, End turn, the match,
the end screen), the side panel (panel.py where its parts stand, panel_geometry.py where it
lies, panel_texts.py its texts on a phone's canvas), banner.py (a call's banner), pace.py (the
computer's pace in words), the move log (log_words.py its words, move_book.py the history read
into them, move_log.py its view) and Replay turn (turn_replay.py)."""
