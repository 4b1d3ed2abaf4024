"""A small built-in corpus for the conformance checks (written for topicatlas; four themes).

Forty short documents about football, markets, computing and cooking, so that a user can
run :func:`topicatlas.models.checks.check_topic_model` on their own adapter with no data.
Tokenised by lowercasing, keeping alphabetic runs and removing a short stopword list.
"""

from __future__ import annotations

import re

from topicatlas.corpus import Corpus

TEXTS = [
    "The striker scored twice as the home team won the league match in the final minutes.",
    "The goalkeeper saved a penalty and the defenders held firm until the referee ended the game.",
    "The coach praised the midfield after the club beat their rivals in the cup semi final.",
    "Fans filled the stadium to watch the captain lift the league trophy after the season.",
    "An injury to the winger forced the manager to change tactics at half time.",
    "The club signed a young forward from abroad before the transfer window closed.",
    "A late goal from a header earned the team a draw and a point in the table.",
    "The referee showed a red card and the visitors played with ten men for the second half.",
    "Training focused on passing and pressing before the derby against the city rivals.",
    "The national team qualified for the tournament after a win in the final group match.",
    "Shares fell sharply as investors worried about interest rates and inflation.",
    "The central bank raised interest rates to slow inflation and cool the housing market.",
    "Company profits rose as sales grew and the shares gained on the stock exchange.",
    "Bond yields climbed while the currency weakened against the dollar in early trading.",
    "The bank reported higher profits from lending despite a slowdown in the economy.",
    "Investors bought shares in energy companies as oil prices rose on supply fears.",
    "The stock market closed lower after weak economic growth figures surprised traders.",
    "Inflation eased last month, raising hopes that the bank will cut interest rates.",
    "The firm plans to list its shares on the exchange and raise money from investors.",
    "Economists expect growth to slow as higher prices squeeze household spending.",
    "The new laptop has a faster processor, more memory and a brighter screen.",
    "Engineers released a software update that fixes a security flaw in the browser.",
    "The programming language added a compiler feature that makes code run faster.",
    "Users can store files in the cloud and share them from their phone or computer.",
    "The chip maker unveiled a processor designed for machine learning in data centres.",
    "Hackers exploited a bug in the server software to steal passwords from users.",
    "The phone ships with a larger battery, a sharper camera and more storage.",
    "Developers wrote the database code in a language that checks memory safety.",
    "The operating system update improves battery life on older laptops and phones.",
    "A network outage left users unable to reach the website or the cloud servers.",
    "Chop the onions and garlic, then fry them in olive oil until soft and golden.",
    "Bake the bread in a hot oven until the crust is brown and the loaf sounds hollow.",
    "Simmer the tomato sauce with basil and salt, then stir in the cooked pasta.",
    "Whisk the eggs with sugar and butter, fold in the flour and bake the cake.",
    "Roast the chicken with lemon, garlic and herbs and serve it with potatoes.",
    "Season the soup with pepper and salt and simmer the vegetables until tender.",
    "Knead the dough, let it rise, then shape the pizza and add cheese and tomato.",
    "Fry the rice with eggs, onions and soy sauce in a very hot pan.",
    "Melt the chocolate with butter, stir in sugar and eggs and bake the brownies.",
    "Grill the fish with olive oil and lemon and serve it with a green salad.",
]

STOPWORDS = frozenset(
    "a an the and or but if then than as at by for from in into of on to with without is are "
    "was were be been it its this that these those their them they he she his her we our you "
    "your after before until while about against over under more most very can will".split()
)


def tokenize(text: str) -> list[str]:
    """Lowercased alphabetic runs minus :data:`STOPWORDS` and one-letter words."""
    return [w for w in re.findall(r"[a-z]+", text.lower()) if w not in STOPWORDS and len(w) > 1]


def check_corpus() -> Corpus:
    """The built-in 40-document corpus (raw texts kept for PLM-based models)."""
    return Corpus.from_tokens([tokenize(t) for t in TEXTS], name="topicatlas-check",
                              texts=list(TEXTS))
