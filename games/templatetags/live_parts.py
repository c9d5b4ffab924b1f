"""``{% load live_parts %}``: the live table's parts, rendered once for every viewer who sees
them alike (:mod:`games.live.fragments`).

``{% part "games/live/_corner.html" view "hand_number trump_name ..." %}`` renders the part
with ``view`` cut down to the named attributes; ``{% part "games/live/_seat_info.html" seat %}``
with the whole value (a dataclass). Nothing else of the page's context reaches the part.
"""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from games.live.fragments import fields_of, render_part, render_part_with
from games.live.parts import live_parts

register = template.Library()


class PartNode(template.Node):
    def __init__(
        self,
        name: str,
        variable: str | None,
        fields: tuple[str, ...],
        values: dict[str, template.base.FilterExpression],
    ) -> None:
        self.name = name
        self.variable = template.Variable(variable) if variable else None
        self.variable_name = variable or ""
        self.fields = fields
        self.values = values

    def render(self, context: template.Context) -> SafeString:
        if self.variable is None:
            values = {n: v.resolve(context) for n, v in self.values.items()}
            return mark_safe(render_part_with(self.name, values))
        value = self.variable.resolve(context)
        return mark_safe(render_part(self.name, self.variable_name, value, self.fields))


@register.tag(name="part")
def part(parser: template.base.Parser, token: template.base.Token) -> PartNode:
    """``{% part "template" view "field ..." %}``, ``{% part "template" seat %}`` or
    ``{% part "template" name=value ... %}``."""
    bits = token.split_contents()[1:]
    if len(bits) < 2 or bits[0][0] not in "\"'":
        raise template.TemplateSyntaxError(
            '{% part "template" variable ["field field ..."] %} or {% part "template" '
            "name=value ... %}: a template name, then what the part is rendered from."
        )
    name = bits[0][1:-1]
    if "=" in bits[1]:
        values = template.base.token_kwargs(bits[1:], parser)
        if len(values) != len(bits) - 1:
            raise template.TemplateSyntaxError("{% part %}: every value needs a name (name=value).")
        return PartNode(name, None, (), values)
    if len(bits) > 3:
        raise template.TemplateSyntaxError("{% part %}: a variable and at most its fields.")
    fields = fields_of(bits[2][1:-1]) if len(bits) == 3 else ()
    return PartNode(name, bits[1], fields, {})


@register.simple_tag(name="live_table")
def live_table(view: object) -> SafeString:
    """The whole live table: its parts joined (:mod:`games.live.parts`)."""
    return mark_safe("".join(live_parts(view)))
