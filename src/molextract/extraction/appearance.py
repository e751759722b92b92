"""The words for what form a product was isolated in.

Experimental writing ties a value to its product through how the product looked: ``as a
white solid (340 mg, 96%)``, ``The title compound, white solid (17 mg, 54.7%)``,
``Obtained as an off-white solid``. Several forms read those words, and they must agree
on them: one list, here, so that a form added for a new sentence shape does not know
fewer words than the others.
"""

from __future__ import annotations

import re

#: A form of matter a product comes as (plural where writers use it), without word
#: boundaries: each pattern that uses it says what may stand around it.
FORM_OF_MATTER = (
    r"(?:solids?|oils?|foams?|gums?|powders?|crystals|needles|plates|prisms|liquids?"
    r"|syrups?|glass|wax|resins?|films?|flakes|leaflets|rods|cubes|blocks)"
)


#: What a product looked like, and nothing of its name: ``a white solid``, ``an
#: off-white crystalline powder``, ``colourless needles``.
LOOKS = (
    r"(?:(?:an?|the)\s+)?(?:(?:pale|light|dark|bright|deep|off-white|white|colou?rless|yellow"
    r"|yellowish|orange|red|brown|brownish|tan|beige|pink|purple|green|blue|grey|gray|black"
    r"|clear|amorphous|crystalline|viscous|thick|sticky|waxy|fine|crude)[\s-]+){0,3}"
    rf"{FORM_OF_MATTER}"
)
#: That look alone, then what ends the phrase.
LOOKS_ONLY = re.compile(rf"{LOOKS}(?![\w-])(?!\s+(?:of|which|that)\b)", re.IGNORECASE)
