"""An entity (or owner) that several of the program's fit, settled by the sentence's own
words or arithmetic (issue 21, item 3): the words a phrase goes on with, a label, the one
rule instance an expression writes, a modifier that names the agent of a comparison, or the
one candidate the clause names. Where nothing in the sentence settles it, it stays
unparsed naming the candidates. Problems and sentences are written here."""

from __future__ import annotations

from tests.test_reader_real_text import program, read

TANKS = program(  # coldwater and tropical tanks, 8 fish each
    "cont({omar}, 30, coldwater tanks, 0)", "cont({omar}, 12, tropical tanks, 0)",
    "rate({omar}, 8, tropical fish, tropical tanks, 0)",
    "rate({omar}, 8, coldwater fish, coldwater tanks, 0)",
    query="cont({omar}, ?, tropical fish, ?)")
CRATES = program(  # 40 crates of red plums a day, 30 of green, for 5 days
    "rate({farm}, 40, crates of red plums, days, 0)",
    "rate({farm}, 30, crates of green plums, days, 0)", "cont({farm}, 5, days, 0)",
    query="cont({farm}, ?, crates of red plums, ?)")
POT = program("cont({pot}, 9, cups of rice, 0)", "cont({pot}, 5, cups of salt, 0)",
              query="cont({pot}, ?, cups of rice, ?)")
PLUMS = program("cont({blue}, 5, plums, 0)", "comp({yellow}, {blue}, 8, plums, 0)",
                query="cont({yellow}, ?, plums, ?)")
COINS = program("comp({copper coins}, {iron coins}, 20, coins, 0)",
                "cont({copper coins}, 50, coins, 0)",
                query="cont({copper coins, iron coins}, ?, coins, ?)")
STAGES = program(
    "rate({first stage}, 6, stars, gems, 0)", "rate({second stage}, 6, stars, gems, 0)",
    "cont({first stage}, 3, gems, 0)", "cont({second stage}, 3, gems, 0)",
    query="cont({first stage, second stage}, ?, stars, ?)")



def test_the_words_a_phrase_goes_on_with_settle_its_entity() -> None:
    assert read(TANKS, "There are 12 tanks for tropical fish.") == [
        ("axiom", "cont({omar}, 12, tropical tanks)", "")]
    assert read(TANKS, "Omar has 30 tanks for coldwater fish.") == [
        ("axiom", "cont({omar}, 30, coldwater tanks)", "")]
    # both kinds named, or neither: no entity is chosen
    for sentence in ("Omar has 12 tanks for tropical and coldwater fish.",
                     "Omar has 30 tanks for coldwater fish, not tropical fish."):
        [(verdict, claim, reason)] = read(TANKS, sentence)
        assert (verdict, claim) == ("unparsed", None)
        assert "coldwater tanks or tropical tanks" in reason


def test_a_label_settles_the_entity_of_its_number() -> None:
    assert read(POT, "Salt: 5 cups.") == [("axiom", "cont({pot}, 5, cups of salt)", "")]
    assert read(POT, "Rice: 5 cups.") == [
        ("false", "cont({pot}, 5, cups of rice)", "wrong quantity: 5 stated, the program "
                                                   "proves 9")]
    # a line naming both: the later number's entity is not the label's
    assert all(c is None for _v, c, _r in read(POT, "Rice: 9 cups, salt: 5 cups.")[1:])
    [(verdict, _claim, reason)] = read(POT, "The pot holds 5 cups.")
    assert verdict == "unparsed" and "cups of rice or cups of salt" in reason


def test_the_sentences_arithmetic_settles_the_entity() -> None:
    assert ("derived", "cont({farm}, 200, crates of red plums)", "") in read(
        CRATES, "After 5 days, they will have 40 * 5 = 200 crates.")
    assert ("derived", "cont({farm}, 150, crates of green plums)", "") in read(
        CRATES, "After 5 days, they will have 30 * 5 = 150 crates.")
    unread = read(CRATES, "After 5 days, they will have 200 crates.")
    assert any(v == "unparsed" and "crates of green plums or crates of red plums" in r
               for v, _c, r in unread)


def test_an_expression_never_overrides_the_entity_its_words_name() -> None:
    [(verdict, claim, reason)] = read(CRATES, "They will have 40 * 5 = 200 crates of green "
                                              "plums.")
    assert (verdict, claim) == ("unparsed", None) and "crates of green plums" in reason


def test_a_modifier_names_the_side_of_a_comparison() -> None:
    assert read(PLUMS, "There are 8 more yellow plums than blue plums.") == [
        ("axiom", "comp({yellow}, {blue}, 8, plums)", "")]
    assert read(PLUMS, "There are 8 fewer blue plums than yellow plums.") == [
        ("axiom", "comp({yellow}, {blue}, 8, plums)", "")]
    # the direction as written, judged false (never the theorem the number fits)
    [(verdict, claim, _r)] = read(PLUMS, "There are 8 more blue plums than yellow plums.")
    assert (verdict, claim) == ("false", "comp({blue}, {yellow}, 8, plums)")
    assert read(COINS, "There are 20 more copper coins than iron coins.") == [
        ("axiom", "comp({copper coins}, {iron coins}, 20, coins)", "")]
    [(verdict, claim, _r)] = read(COINS, "There are 20 more iron coins than copper coins.")
    assert (verdict, claim) == ("false", "comp({iron coins}, {copper coins}, 20, coins)")


def test_the_one_candidate_the_clause_names_is_read() -> None:
    assert read(STAGES, "Ana found 3 gems on the second stage.") == [
        ("axiom", "cont({second stage}, 3, gems)", "")]
    [(verdict, _claim, reason)] = read(STAGES, "Ana found 3 gems.")
    assert verdict == "unparsed" and "fits several theorems" in reason
