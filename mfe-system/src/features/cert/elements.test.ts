import { describe, expect, it } from '@rstest/core';
import { boxOf, clampTo, newElement, pageOf, sampleText } from './elements';

describe('template elements in the editor', () => {
  const a4Landscape = pageOf('A4', 'landscape');

  it('pages are in points, landscape swapping the sides', () => {
    expect(a4Landscape.map(Math.round)).toEqual([842, 595]);
    expect(pageOf('A5', 'portrait').map(Math.round)).toEqual([420, 595]);
  });

  it('a text shows the sample value in its pattern; its frame sits by its alignment', () => {
    const name = { type: 'realName', x: 400, y: 100, fontSize: 20, align: 'center', text: '兹证明 {} 同志' };
    expect(sampleText(name)).toBe('兹证明 张三 同志');
    const box = boxOf(name);
    expect(box.left + box.width / 2).toBeCloseTo(400);
    expect(boxOf({ ...name, align: 'right' }).left + box.width).toBeCloseTo(400);
    expect(box.top).toBe(100);
    expect(box.width).toBeGreaterThan(6 * 20);
  });

  it('a dragged element stays on the page, a picture wholly', () => {
    const qr = newElement('qrcode', a4Landscape);
    expect(clampTo(qr, 900, -5, a4Landscape)).toMatchObject({ x: Math.round(a4Landscape[0] - 80), y: 0 });
    const text = newElement('number', a4Landscape);
    expect(clampTo(text, 900.4, 12.6, a4Landscape)).toMatchObject({ x: Math.round(a4Landscape[0]), y: 13 });
  });
});
