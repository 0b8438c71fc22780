import t from 'tap';
import { axisWidth, LEAST_AXIS_WIDTH } from './axis-width.ts';

// a font of 8 px per character, as a stand-in for the canvas's measure
const measure = (label: string): number => label.length * 8;

t.test("a value axis is as wide as its widest label, with the tick and the gap; never under its least", async (t) => {
  const sides = { tick: 4, gap: 5 };
  t.equal(axisWidth(['17,500', '15,000', '12,500', '10,000', '7,500'], measure, sides), 6 * 8 + 9, 'five digits and a comma: all of it');
  t.ok(axisWidth(['17,500'], measure, sides) > 56, 'wider than the 56 px that cut the first digit off');
  t.equal(axisWidth(['80', '90', '100'], measure, sides), LEAST_AXIS_WIDTH, 'short labels keep the least width');
  t.equal(axisWidth([], measure, sides), LEAST_AXIS_WIDTH, 'no labels yet');
  t.equal(axisWidth(['1,234.5'], (label) => label.length * 7.3, sides), Math.ceil(7 * 7.3 + 9), 'a part of a pixel is rounded up, never cut');
});
