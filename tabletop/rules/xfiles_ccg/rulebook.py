"""The rule numbers of `xfiles-ccg`, one short statement each, taken from the order of the rules file.

Scheme: `xfc.<section>.<n>`. Sections follow the rules file (../shared/rules/xfiles-ccg.md) top to bottom: `deck` and
`team` (deck check), `setup`, `turn` (phase order), one section per phase (`briefing`, `healing`, `requisition`,
`deployment`, `case`, `investigation`), `chain` (card plays), `combat`, `question`, `debriefing`, `effect` (the
manual effect) and `options` (house rules). Numbers are never reused: a rule that goes away leaves a gap.
"""

from __future__ import annotations

__all__ = ["RULE_TEXT"]

RULE_TEXT = {
    "xfc.deck.1": "The Bureau Deck has at least 60 cards (starting Agents and the X-File not counted).",
    "xfc.deck.2": "At most 2 copies of any card (same title) in the Bureau Deck.",
    "xfc.deck.3": "No KILLER-keyword cards unless the killer_cards option is on.",
    "xfc.deck.4": "Every card of a deck list is a known card of the loaded sets.",
    "xfc.deck.5": "A card whose text limits its copies in a deck (\"Each player may only have one of this card in "
                  "their deck\") has no more; one whose text allows more (\"up to five\", \"any number\") may.",
    "xfc.team.1": "The starting Team has at least 3 Agents, all of them Agent cards.",
    "xfc.team.2": "No duplicate Agents in the starting Team.",
    "xfc.team.3": "The starting Agents' total Cost is at most team_cost_max (20).",
    "xfc.team.4": "Exactly one X-File card is chosen (the manual: \"Select an X-File card\", so a deck naming "
                  "several is illegal); with random_xfile a deck may name none and gets one at random.",
    "xfc.setup.1": "Each player has a Bureau, Field, Hospital, Bureau Deck, Discard, Hand and a face-down X-File.",
    "xfc.setup.2": "Each player starts with 5 tokens in the Resource Pool and 5 in the Conspiracy Pool.",
    "xfc.setup.3": "Decks are shuffled and each player draws 7; the first player is chosen at random.",
    "xfc.turn.1": "Phases in order: Briefing, Healing, Requisition, Deployment, Case Assignment, Investigation, "
                  "Debriefing; then the player to the left.",
    "xfc.turn.2": "A decision belongs to one player at a time; others wait for their turn in the sequence.",
    "xfc.briefing.1": "The Investigating Player may draw one free card at the start of the Briefing.",
    "xfc.briefing.2": "RP += the RES of every Agent not in the Hospital.",
    "xfc.briefing.3": "One purchase of N cards from the top of the Bureau Deck at 1 RP each, all at once.",
    "xfc.briefing.4": "Each opponent in turn from the Investigating Player's left may sell cards with an RP or *P "
                      "Cost from hand for that many CP (an Agent sells for its RES).",
    "xfc.briefing.5": "After selling, an opponent may make one purchase at 1 CP each, all at once.",
    "xfc.healing.1": "Each Agent in the Hospital heals 1 damage if its printed Health is 3 or less, else 2.",
    "xfc.requisition.1": "The Investigating Player pays for Equipment and gives it to an Agent in the section its "
                         "Activator names.",
    "xfc.requisition.2": "An Agent holds at most one of each item.",
    "xfc.requisition.3": "Agents of one Team (or in one section) may exchange Equipment.",
    "xfc.deployment.1": "Agents move between Bureau, Field and Hospital in the Deployment Phase.",
    "xfc.deployment.2": "An Agent leaves the Hospital only with current Health 3 or more (fully healed when its "
                        "printed Health is below 3).",
    "xfc.deployment.3": "An Agent is in one Team at a time; a Team is Agents of one section.",
    "xfc.deployment.4": "An Agent from hand may be bought for this turn only (its Cost in RP); it is discarded at "
                        "Debriefing and its game effect is ignored.",
    "xfc.deployment.5": "No duplicates of an Agent in play.",
    "xfc.case.1": "The Investigating Player places Sites in his Field, paying their Cost.",
    "xfc.case.2": "Each Site is directed at one opponent.",
    "xfc.case.3": "Not two identical Sites in one turn.",
    "xfc.case.4": "Opponents may put any cards face down beneath Sites as Bluffs, each in turn from the left.",
    "xfc.investigation.1": "A Team of Agents in the Field investigates one of its player's Sites; one Team per Site, "
                           "an Agent in one investigation per turn.",
    "xfc.investigation.2": "Bluffs are revealed: a real Bluff costs 1 less (never below 0), paid now or discarded; "
                           "non-Bluffs are discarded.",
    "xfc.investigation.3": "Skill check: the Team's skill (Agents not in the Hospital, one Equipment each) plus "
                           "modifiers, against the prerequisite (one skill of an \"X or Y\" Site, named first).",
    "xfc.investigation.4": "Sites not investigated go to the Discard unless a Bluff lies beneath them.",
    "xfc.chain.1": "Cards are played in a last-in-first-out chain; the player with priority plays or passes.",
    "xfc.chain.2": "ACTIVE cards only by the Investigating Player, CONSPIRACY cards only by the others; other "
                   "Activators only when a card in play carries that Keyword.",
    "xfc.chain.3": "RP cards are paid by the Investigating Player, CP cards by the others, *P cards from the pool "
                   "of the side they help; a card its owner cannot pay for goes to the Discard.",
    "xfc.chain.4": "Two of the same Witness cannot be used in one skill check.",
    "xfc.chain.5": "Only Combat cards are played during Combat; Combat cards only during Combat.",
    "xfc.chain.6": "Only cards from your hand are played, when a chain is open (a skill check or a Combat round).",
    "xfc.chain.7": "A card offering several effects with \"Alternately\" is played naming the effect used; it is "
                   "not changed later.",
    "xfc.chain.8": "A card whose text allows one in play (\"Only one of this card may be in play at a time\", "
                   "\"Each player may have only one of this card in play\") is not played while another is.",
    "xfc.chain.9": "Before the cards beneath a Site are revealed, only the cards played on a Team about to "
                   "investigate it are played; after a wrong guess, before the penalty question, only the cards "
                   "played when one has just guessed wrong.",
    "xfc.chain.10": "A card that forbids the Investigating Player a kind of card while investigating its Site (\"may "
                    "not play any Events while investigating this Site\") is obeyed until that Site's check ends; a "
                    "card of that kind that names it may still be played.",
    "xfc.combat.1": "An Adversary starts Combat: one Long Range round, then Close Range rounds until the Adversary's "
                    "Health is 0 or every Agent of the Team is in the Hospital.",
    "xfc.combat.2": "Damage is simultaneous: the Agents deal the sum of their LRC or CRC skills plus Equipment "
                    "(one item each).",
    "xfc.combat.3": "The Adversary's damage goes to one Agent of the Team, chosen by the Directed Player.",
    "xfc.combat.4": "An Agent at 0 Health goes to the Hospital.",
    "xfc.combat.5": "After Combat the Adversary goes to its owner's Discard.",
    "xfc.combat.6": "An Adversary whose Health is N/A is not killed by damage (Combat ends when every Agent is in the "
                    "Hospital, or by its text applied by hand); one with no combat value at all starts no Combat.",
    "xfc.combat.7": "A Witness with Health played for the Investigating Team fights as an Agent in Combat; at 0 "
                    "Health it goes to the Discard; it leaves when its Site is done.",
    "xfc.combat.8": "Combat also ends after two rounds in a row in which neither side could hurt the other (no "
                    "Agent took damage and none was dealt to an Adversary damage can kill): the manual's ends could "
                    "not come by the rules alone (a decision where the manual is silent).",
    "xfc.question.1": "After a successful check the Investigating Player may ask one question of the kind the Site "
                      "names, about the Directed Player's X-File.",
    "xfc.question.2": "He may guess the Directed Player's X-File; a correct guess wins.",
    "xfc.question.3": "The engine answers truthfully, to the asker alone.",
    "xfc.question.4": "A wrong guess lets the Directed Player ask one question of the Site's kind or guess back.",
    "xfc.question.5": "The investigated Site goes to the Discard.",
    "xfc.question.6": "A Site that lowers its prerequisite for one question: a check that meets only the lowered "
                      "number lets the Investigating Player ask that question alone, and not guess.",
    "xfc.debriefing.1": "Anyone may discard; every hand is cut to hand_max (7).",
    "xfc.debriefing.2": "Agents bought for one turn go to the Discard.",
    "xfc.effect.1": "Card text the engine cannot read is applied by hand with the manual effect, allowed in every "
                    "mode.",
    "xfc.effect.2": "A card's effect is used only when its conditions hold: what it is played on (\"Play on any "
                    "OCCULT Adversary\"), who may use it (\"Combatants that can use MARTIAL ARTS may ...\"), the "
                    "round or skill check it modifies, something to negate.",
    "xfc.effect.3": "A card's effect is finished (its targets chosen, its steps applied) before play goes on.",
    "xfc.options.1": "question_or_guess: after a successful check, a question or a guess, not both.",
    "xfc.options.2": "one_guess: one guess per game; a wrong guess loses.",
    "xfc.options.3": "killer_win (with Killer cards): a player who permanently removes every opposing Agent from play "
                     "wins.",
    "xfc.game.1": "The first player to identify an opponent's X-File wins; the game is over then.",
}
