import { abbreviate } from '../../ground';

/**
 * Attributes the editor puts into a `style` as a colour (`color: …`, `background-color: …`):
 * text colour, highlight, status badge, table cell background. Anything but a colour there is
 * CSS injected into the page (`red; position: fixed; inset: 0`: an overlay over the editor),
 * so only colours are accepted.
 */
export const COLOR_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set([
  'color',
  'backgroundColor',
]);

/** CSS named colours (CSS Color 4), plus the keywords a colour attribute may carry. */
const NAMED_COLORS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue ' +
    'blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk ' +
    'crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki ' +
    'darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue ' +
    'dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite ' +
    'gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen ' +
    'lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen ' +
    'magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream ' +
    'mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
    'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen ' +
    'steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow ' +
    'yellowgreen transparent currentcolor'
  ).split(' '),
);

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?`;
const COMPONENT = String.raw`(?:${NUMBER}(?:%|deg|rad|grad|turn)?|none)`;
/** rgb()/rgba()/hsl()/hsla()/hwb(): numbers, percentages and angles only, comma or space separated. */
const COLOR_FUNCTION = new RegExp(
  String.raw`^(?:rgba?|hsla?|hwb)\(\s*${COMPONENT}(?:\s*[,\s]\s*${COMPONENT}){2}(?:\s*[,/]\s*${COMPONENT})?\s*\)$`,
  'i',
);

/** Whether a value is a CSS colour: a named colour, a hex colour or an rgb/hsl/hwb function. */
export function isCssColor(value: string): boolean {
  const trimmed = value.trim();
  return (
    NAMED_COLORS.has(trimmed.toLowerCase()) ||
    HEX.test(trimmed) ||
    COLOR_FUNCTION.test(trimmed)
  );
}

/** Why an attribute's value is not a colour, or undefined when it is one (null: unset). */
export function findColorProblem(
  value: unknown,
  where: { readonly nodeType: string; readonly attribute: string },
): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.length <= 64 && isCssColor(value))
    return undefined;
  return `${where.nodeType}.${where.attribute} must be a CSS colour (a name such as "red", a hex colour such as "#dc2626", or rgb()/hsl()), got ${typeof value === 'string' ? `"${abbreviate(value, 40)}"` : typeof value}`;
}
