"""The rules as shown in the game (from shared/rules/DECISIONS.md, in a player's words)."""

CONTROLS = """# Playing with mouse, finger or keys
Drag a card to move it, or click (tap) it and then click where it should go. Places where it may go light up. Double-click (double-tap) a card to send it to a foundation. Click the stock or your hand to turn a card. A refused move goes back and the line at the bottom says why.
Keys: arrows or Tab choose a pile, Enter or Space picks up its card and puts it down on the chosen pile, F sends it to a foundation, Esc cancels (or goes back to the menu). Ctrl+Z / U undo, Ctrl+Y redo. Solitaires: S turns the stock, 1-0 jump to a column, N new deal, R restart, D play a deal number. Russian Bank: T turns your hand card, E puts it on your waste (ends your turn), X calls Stop!, + and - change the computer's pace."""

FORTY_THIEVES = """# Forty Thieves
Two packs of 52 cards. Ten columns of four cards each are dealt face up; the rest form the stock. The aim is to build all 104 cards onto the eight foundations, each up in suit from Ace to King.

# Moving cards
The columns build down in the same suit (a Nine of hearts goes on a Ten of hearts). Only one card moves at a time. An empty column takes any card. With the "runs" setting (supermove), a run down in suit may move together when there are enough empty columns to move it card by card.

# The stock
Click the stock to turn one card onto the waste. The top card of the waste can be played onto a foundation or a column. There is no redeal: when the stock is empty, it stays empty.

# Winning
You win when every card is on the foundations. When no move is left, the deal is stuck: take moves back, restart it, or try a new one. Cards on the foundations stay there.
"""

INDIAN_PATIENCE = """# Indian Patience
Two packs. Ten columns of three cards: one face down, then two face up. The eight foundations build up in suit from Ace to King; the aim is to put all 104 cards there.

# Moving cards
The columns build down by any suit but the same: a Nine may go on any Ten that is not of its own suit. One card moves at a time.

# Protected cards
When a face-down card is uncovered it turns face up and becomes protected (it is marked). A protected card may only go to a foundation, and nothing may be played on it. When a protected card goes to a foundation, its empty column is dealt again from the stock: one card face down and two face up (if fewer than three cards are left, they all come face up).
While the stock has cards, an empty column cannot be filled by you. The moment the stock is empty, protection ends for every card, and from then on an empty column takes any card.

# The stock
Click the stock to turn one card onto the waste; the top card of the waste is playable. There is no redeal, and refills come from the same stock.
"""

RUSSIAN_BANK = """# Russian Bank
A race between two players, you and the computer, each with a pack of 52 cards (the packs have different backs). You sit at the bottom, the computer at the top. Each has a reserve of 13 cards (only the top one face up), a hand of the rest face down, and a waste pile. Between you are eight houses (four dealt by each player) and eight foundations. The first to get rid of every card of their reserve, hand and waste wins.

# Who starts
The player whose top reserve card is lower starts (King high, Ace low); on a tie the houses are compared.

# Available cards
On your turn you may play the top card of your reserve, the outer card of any house, and your hand card once you have turned it up. Cards move one at a time.

# Where cards go
Foundations: any Ace starts one; they build up in suit to the King. Houses build down in alternating colours (a red Nine on a black Ten); an empty house takes any available card. Loading: you may put an available card of the same suit and one rank higher or lower onto the computer's face-up reserve card or waste card (never onto an empty pile, never onto your own).

# Priorities
(a) If your reserve card can go to a foundation, it must go there before any other move.
(b) Any other available card that fits a foundation must go there before any other kind of move or turning your hand card.
(c) While your reserve has cards, every empty house must be filled from the reserve before you turn a hand card.

# Your turn
Click your hand to turn up its top card. You may still make other moves; the hand card stays available. Your turn ends when you put the turned-up hand card on your own waste (drag it there, or press End turn). When your hand is empty and you need a card, your waste is turned over to become your hand. Once your hand and waste are both used up, you end your turn whenever you like (End turn), after any foundation moves that are due.

# Stop!
In STOP! mode a move that breaks a priority may be played. The opponent may then call "Stop!" before the next move: the move is taken back, the compulsory move is played instead, and the offender's turn ends. The computer calls Stop! on you; press the Stop! button (or X) when the computer breaks a priority. A wrong call changes nothing. In Strict mode such moves are simply refused.

# Winning and the match
The winner scores 30 points, plus 1 for each card in the loser's hand and waste and 2 for each card in the loser's reserve. If for many turns (twice the larger hand plus waste, plus two) neither player gets down to fewer cards than they have ever had, or a position comes back at the start of a turn, the game is a stalemate and the player with fewer cards left (reserve cards count double) scores the difference. A match goes on until a player reaches the target score (300 by default).
"""

RULES = {"forty-thieves": FORTY_THIEVES + "\n" + CONTROLS,
         "indian-patience": INDIAN_PATIENCE + "\n" + CONTROLS,
         "russian-bank": RUSSIAN_BANK + "\n" + CONTROLS}
