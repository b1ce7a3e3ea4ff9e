import { describe, expect, it } from 'vitest';
import { criticalCss } from './critical-css.ts';

describe("the frame's critical CSS, taken from the built stylesheets", () => {
  it('keeps the rules the markup matches, in either colour scheme and in their media queries', async () => {
    const css = await criticalCss(
      [
        ':root{--used:red;--via:var(--used);--unused:blue}body{margin:0}',
        '.card{color:var(--via)}.card:hover{color:green}.card::before{content:""}.absent{color:red}',
        "[data-mantine-color-scheme='dark'] .card{color:white}",
        '@media (max-width:767px){.card{padding:0}.absent{padding:0}}@media print{.absent{margin:0}}',
        '.spin{animation:spin 1s linear infinite}@keyframes spin{to{transform:rotate(1turn)}}@keyframes unused{to{opacity:0}}',
      ],
      '<a class="card" style="--inline:var(--x)"><span class="spin"></span></a>',
    );
    expect(css).toContain('body{margin:0}');
    expect(css).toContain('.card{color:var(--via)}');
    // States and parts of the matched elements are theirs too.
    expect(css).toContain('.card:hover{color:green}');
    expect(css).toContain('.card::before{content:""}');
    expect(css).toContain("[data-mantine-color-scheme='dark'] .card{color:white}");
    expect(css).toContain('@media (max-width:767px){.card{padding:0}}');
    expect(css).not.toContain('absent');
    expect(css).not.toContain('print');
    expect(css).toContain('@keyframes spin');
    expect(css).not.toContain('unused');
    // Only the custom properties in use, through other properties too.
    expect(css).toContain(':root{--used:red;--via:var(--used)}');
  });

  it("keeps the markup's own rules whole, after the rest", async () => {
    const css = await criticalCss(['.card{color:red}'], '<a class="card"></a>', [
      '#frame[data-state] .card{visibility:hidden}',
    ]);
    expect(css).toBe('.card{color:red}#frame[data-state] .card{visibility:hidden}');
  });
});
