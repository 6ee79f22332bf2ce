import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_DATA_ELEMENT_ID } from '@nebula/protocol/page/boot-data';
import { bootData, readBootData, resetBootData } from './boot-data';

function docWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const el = doc.createElement('script');
    el.type = 'application/json';
    el.id = BOOT_DATA_ELEMENT_ID;
    el.textContent = json;
    doc.body.append(el);
  }
  return doc;
}

const preInfo = {
  SiteBaseConfigVo: { title: '站点' },
  maintainConfig: { status: 1 },
  ip: '203.0.113.7',
};
const home = { stationAds: [{ id: 1, imageUrl: '/b.svg' }], marquee: [], suspensionIcons: [] };

afterEach(() => {
  document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove();
  resetBootData();
});

describe('the boot data the platform put in the page', () => {
  it('reads pre-info and the home content, escaped characters included', () => {
    // The server writes < as \u003c: JSON.parse gives the text back.
    const json = JSON.stringify({ preInfo, home }).replace('站点', '\\u003c/script\\u003e站点');
    const data = readBootData(docWith(json));
    expect(data?.preInfo.SiteBaseConfigVo.title).toBe('</script>站点');
    expect(data?.home?.stationAds).toHaveLength(1);
    expect(readBootData(docWith(JSON.stringify({ preInfo, home: null })))?.home).toBeNull();
  });
  it('a page without the block, a broken block or another shape is ignored (the site asks the API)', () => {
    expect(readBootData(docWith(null))).toBeNull();
    expect(readBootData(docWith('{"preInfo":'))).toBeNull();
    expect(readBootData(docWith(JSON.stringify({ preInfo: { ip: 1 }, home: null })))).toBeNull();
    expect(
      readBootData(docWith(JSON.stringify({ preInfo, home: { stationAds: 'x' } }))),
    ).toBeNull();
    expect(readBootData(docWith('[]'))).toBeNull();
  });
  it('is read from the document once', () => {
    const el = docWith(JSON.stringify({ preInfo, home })).getElementById(BOOT_DATA_ELEMENT_ID)!;
    document.body.append(document.importNode(el, true));
    expect(bootData()?.preInfo.ip).toBe('203.0.113.7');
    document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove();
    expect(bootData()?.preInfo.ip).toBe('203.0.113.7');
  });
});
