"""Playing friends at other screens: the player's side of a shared table.

    app.open_room                 # the page's room opener (game/net/browser.py's open_room in a
                                  # browser that can connect; None on the desktop; tests: a
                                  # MemoryRelay's open)
    host_table(app, game, seats)  # "Who plays?" with a friend seat: a room, its waiting room
    join_table(app, code)         # the title's "Join a friend", or a page opened at #join=CODE
    at_start(app)                 # start-up: a kept shared table sits down again, else #join=

The screens:

- ``RoomScene`` (waiting_room.py): waiting in the room. The host sees the room code (large), the
  link to send (``page address#join=CODE``) with Copy link, the seats (who is here, who is still
  to come) and Cancel; a guest sees "Joining room CODE..." and what the room says (no table
  with this code yet, the table is full, the connection failed). Once the deal is agreed, the
  game's table opens.
- ``SharedTableScene`` (shared_table.py): a Table whose session is shared (game.net's tables).
  Each frame it reads the room and the links, follows a new session (a guest, after the host's page
  reloaded), shows what arrived from other screens as moves (animated, the log naming the
  mover), the session's notices as the table's messages, who is here or away, and, when a
  friend has been silent for 10 s, asks whether to wait or end the game. Input, undo and
  Stop!/Knock! are the session's (only this screen's own seats take input); the host's
  computer seats keep their pace exactly as at a table of one screen (the Table's computers);
  nothing waits on the pace to show a person's move from another screen. The table is kept
  in the storage's shared slot (Saves.save_shared: never the game's own save) after every
  change, so a reload sits down again; leaving it, or the game's end, clears the slot. The
  waiting room is kept there too (``keep``): a reload comes back to the same room.
- ``JoinDialog`` (join.py): type the code (keys, a pasted link, or the on-screen letters for touch).

The page's address (the link, the ``#join=`` at start-up) and the clipboard are read through
``page_window()`` (the browser's ``window``; None on the desktop), which tests replace.

The files: opening.py (a room opened, joined, taken up again at start-up), waiting_room.py,
shared_table.py with away.py (the away dialog), presence.py (here/away marks) and connection.py
(what the connection's changes say), join.py (the code dialog), saved_room.py (the kept room),
page_link.py (the address and the clipboard). Arrows go one way: opening -> waiting_room ->
shared_table -> away, presence, connection, saved_room; join -> opening.
"""

from game.ui.online.join import JoinDialog
from game.ui.online.opening import at_start, host_table, join_table, room_opener
from game.ui.online.page_link import join_link
from game.ui.online.shared_table import SharedTableScene
from game.ui.online.waiting_room import RoomScene

__all__ = [
    "JoinDialog",
    "RoomScene",
    "SharedTableScene",
    "at_start",
    "host_table",
    "join_link",
    "join_table",
    "room_opener",
]
