"""``vlp encode``: classes of benchmark phrasings read into the program they state (each case
checks the axioms and the query, not only the answer), and near misses that stay refused."""

from __future__ import annotations

import pytest

from tests.test_encode import assert_encodes_to, atoms
from vlp.checker.encoding import encode_record


@pytest.mark.parametrize(("text", "axioms", "query"), [
    # a rate over two kinds per container: one rate each
    ("Lena has 12 crates. Each crate has 5 plums and 7 figs in it. How many figs does Lena "
     "have?", ["cont({lena}, 12, crates, 0)", "rate({lena}, 5, plums, crates, 0)",
               "rate({lena}, 7, figs, crates, 0)"], "cont({lena}, ?, figs, 0)"),
    ("Lena has 4 trays. Each tray has 3 red and 9 green cups. How many green cups does Lena "
     "have?", ["cont({lena}, 4, trays, 0)", "rate({lena}, 3, red cups, trays, 0)",
               "rate({lena}, 9, green cups, trays, 0)"], "cont({lena}, ?, green cups, 0)"),
    # a count with no holder or place, and a question about "the crates"
    ("There are 8 crates of pears. Each crate has 6 ripe pears and 2 green pears. How many "
     "ripe pears are in the crates altogether?",
     ["cont({there}, 8, crates of pears, 0)", "rate({there}, 6, ripe pears, crates of pears, 0)",
      "rate({there}, 2, green pears, crates of pears, 0)"], "cont({there}, ?, ripe pears, 0)"),
    ("There are 11 vases. Each vase has 4 roses. How many roses are there in all?",
     ["cont({there}, 11, vases, 0)", "rate({there}, 4, roses, vases, 0)"],
     "cont({there}, ?, roses, 0)"),
    # "can be purchased in packs of N", "come in boxes of N": each pack holds N
    ("Socks can be purchased in packs of 3. If Dad buys 9 packs, how many socks will Dad "
     "have?", ["rate({dad}, 3, socks, packs, 0)", "cont({dad}, 9, packs, 0)"],
     "cont({dad}, ?, socks, 0)"),
    ("Crayons come in boxes of 8. Nell has 5 boxes. How many crayons does Nell have?",
     ["rate({nell}, 8, crayons, boxes, 0)", "cont({nell}, 5, boxes, 0)"],
     "cont({nell}, ?, crayons, 0)"),
    # "into N rows with A and B in each row"; "N books in each of his M shelves"
    ("Omar was placing his cars and trucks into 6 rows with 3 cars and 5 trucks in each row. "
     "How many trucks does he have?",
     ["cont({omar}, 6, rows, 0)", "rate({omar}, 3, cars, rows, 0)",
      "rate({omar}, 5, trucks, rows, 0)"], "cont({omar}, ?, trucks, 0)"),
    ("Omar took a look at his comics. If Omar has 12 comics in each of his 4 boxes, how many "
     "comics does he have in total?",
     ["cont({omar}, 4, boxes, 0)", "rate({omar}, 12, comics, boxes, 0)"],
     "cont({omar}, ?, comics, 0)"),
    # ordering and purchasing are buying
    ("We ordered 6 cakes. Each cake has 10 slices. How many slices of cake are there "
     "altogether?", ["cont({we}, 6, cakes, 0)", "rate({we}, 10, slices, cakes, 0)"],
     "cont({we}, ?, slices, 0)"),
    ("Ivy had 4 pens. She purchased 5 more pens. How many pens does she have?",
     ["cont({ivy}, 4, pens, 0)", "transfer({sellers}, {ivy}, 5, pens, 0)"],
     "cont({ivy}, ?, pens, 1)"),
    # "than the number of X that Y brought" compares with Y
    ("Pia brought 7 kites to the park. If Rex brought 3 more kites than the number of kites "
     "that Pia brought, how many kites did Rex bring to the park?",
     ["cont({pia}, 7, kites, 0)", "comp({rex}, {pia}, 3, kites, 0)"],
     "cont({rex}, ?, kites, 0)"),
    # the start stated last with "if he had", after what he used of it
    ("Theo uses 14 bricks to build a wall. If he had 40 bricks, how many bricks are left?",
     ["transfer({theo}, {used}, 14, bricks, 0)", "cont({theo}, 40, bricks, 0)"],
     "cont({theo}, ?, bricks, 1)"),
    # what the tickets were used for is not a count
    ("Gus had won 20 tickets. If he used 6 to buy some candy and 4 more to buy some pins, how "
     "many tickets did Gus have left?",
     ["cont({gus}, 20, tickets, 0)", "transfer({gus}, {used}, 6, tickets, 0)",
      "transfer({gus}, {used}, 4, tickets, 1)"], "cont({gus}, ?, tickets, 2)"),
    # sent with no receiver named: to an agent named for what it is
    ("Kim had 30 cards. She sent 12 cards. How many cards does Kim have?",
     ["cont({kim}, 30, cards, 0)", "transfer({kim}, {sent}, 12, cards, 0)"],
     "cont({kim}, ?, cards, 1)"),
    # a question that counts containers itself: "in a crate" is each crate
    ("There are 9 seeds in a pod. How many seeds are there in 4 pods?",
     ["rate({there}, 9, seeds, pods, 0)", "cont({there}, 4, pods, 0)"],
     "cont({there}, ?, seeds, 0)"),
    ("Each jar holds 15 beads. How many beads are in 6 jars?",
     ["rate({there}, 15, beads, jars, 0)", "cont({there}, 6, jars, 0)"],
     "cont({there}, ?, beads, 0)"),
    # the things kept in a container are the holder's; a plan done where the question asks
    # what would be then
    ("Rui has a tank with 40 snails. Rui wants to buy 9 more snails. How many snails would "
     "Rui have then?", ["cont({rui}, 40, snails, 0)", "transfer({sellers}, {rui}, 9, snails, 0)"],
     "cont({rui}, ?, snails, 1)"),
    # rounds played are a count; points gained in each round a rate over them
    ("Zoe played 12 rounds of a trivia game. If she gained 7 points in each round, how many "
     "points did she score in the game?",
     ["cont({zoe}, 12, rounds, 0)", "rate({zoe}, 7, points, rounds, 0)"],
     "cont({zoe}, ?, points, 0)"),
    ("Zoe had 5 points. She gained 3 points. How many points does she have?",
     ["cont({zoe}, 5, points, 0)", "transfer({givers}, {zoe}, 3, points, 0)"],
     "cont({zoe}, ?, points, 1)"),
    # bills of a value: a count of bills, each worth that many dollars
    ("Abe has 6 ten dollar bills. How much money does he have?",
     ["cont({abe}, 6, ten-dollar bills, 0)", "rate({abe}, 10, dollars, ten-dollar bills, 0)"],
     "cont({abe}, ?, dollars, 0)"),
])
def test_phrasing_classes_read_into_their_program(text: str, axioms: list[str],
                                                  query: str) -> None:
    assert atoms(text) == (axioms, query)


def test_the_phrasings_answer_right() -> None:
    assert_encodes_to("There are 8 crates of pears. Each crate has 6 ripe pears and 2 green "
                      "pears. How many ripe pears are in the crates altogether?", 48)
    assert_encodes_to("Theo uses 14 bricks to build a wall. If he had 40 bricks, how many "
                      "bricks are left?", 26)


@pytest.mark.parametrize(("text", "reason"), [
    # a count with no holder beside a held one: the question's "there" has two readings
    ("There are 26 hens. Tom bought 5 hens. How many hens are there now?",
     "two readings of 'there' (the hens stated with no holder, or all of them)"),
    # "if he had N left" is a later count, not the start
    ("Theo used 14 bricks. If he had 40 bricks left, how many bricks did he have?",
     "'Theo used 14 bricks' takes bricks from a count never stated"),
    # "the number of kites" is a count, never an agent compared with
    ("Pia has 7 kites. Rex has 3 more kites than the number of kites Pia has. How many kites "
     "does Rex have?", "no reading of whom 'Rex has 3 more kites than the number of kites' "
     "compares with"),
    # a rate over two kinds where one is "more": no reading
    ("Lena has 12 crates. Each crate has 5 plums and 7 more figs. How many figs does Lena "
     "have?", "no reading of 'Each crate has 5 plums and 7 more figs'"),
    # a count with no holder that says more after it is not read as held by no one
    ("There are 9 more vases. How many vases are there?",
     "no holder of the count in 'There are 9 more vases'"),
    # a plan is not done where the question asks what is held now
    ("Rui has 40 snails. He plans to buy 9 more snails. How many snails does Rui have?",
     "no count in 'He plans to buy 9 more snails'"),
    # one kind twice in one rate
    ("Tom has 3 boxes. Each box has 5 pens and 2 pens. How many pens does he have?",
     "no reading of 'Each box has 5 pens and 2 pens'"),
    # bills with more after them are not read as bills of a value
    ("Abe has 6 ten dollar bills and 3 dollars. How much money does he have?",
     "no reading of 'Abe has 6 ten dollar bills and 3 dollars' after 'Abe has 6'"),
    # a question that counts containers no rate of what it asks about is stated for
    ("Tom has 12 apples. Each basket has 3 pears. How many apples are in 3 baskets?",
     "the facts read do not answer the question: the query cont({there}, ?, apples, 0) has "
     "no answer in the program"),
    # a party is not a container
    ("Tom had a party with 12 friends. How many friends did Tom have?",
     "no count in 'Tom had a party with 12 friends'"),
])
def test_near_misses_stay_refused(text: str, reason: str) -> None:
    encoded = encode_record(text)
    assert encoded.record is None and encoded.reason == reason


def test_a_container_of_one_is_a_place_unless_the_question_counts_them() -> None:
    assert atoms("There are 9 seeds in a pod. Ann took 2 seeds from the pod. How many seeds "
                 "are there in the pod?") == (
        ["cont({pod}, 9, seeds, 0)", "transfer({pod}, {ann}, 2, seeds, 0)"],
        "cont({pod}, ?, seeds, 1)")
