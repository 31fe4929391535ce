// Electronic IDs (ISO 11784/11785, the 15-digit number an RFID ear tag or bolus carries) and the
// way a typed tag is compared: what the form, the import, the server and the scanner share.

/**
 * ISO 3166-1 numeric country codes (Debian's iso-codes, 249 countries): an Electronic ID issued in
 * a country starts with its code.
 */
const countryCodes = new Set(
  '004 008 010 012 016 020 024 028 031 032 036 040 044 048 050 051 052 056 060 064 068 070 072 074 076 084 086 090 092 096 100 104 108 112 116 120 124 132 136 140 144 148 152 156 158 162 166 170 174 175 178 180 184 188 191 192 196 203 204 208 212 214 218 222 226 231 232 233 234 238 239 242 246 248 250 254 258 260 262 266 268 270 275 276 288 292 296 300 304 308 312 316 320 324 328 332 334 336 340 344 348 352 356 360 364 368 372 376 380 384 388 392 398 400 404 408 410 414 417 418 422 426 428 430 434 438 440 442 446 450 454 458 462 466 470 474 478 480 484 492 496 498 499 500 504 508 512 516 520 524 528 531 533 534 535 540 548 554 558 562 566 570 574 578 580 581 583 584 585 586 591 598 600 604 608 612 616 620 624 626 630 634 638 642 643 646 652 654 659 660 662 663 666 670 674 678 682 686 688 690 694 702 703 704 705 706 710 716 724 728 729 732 740 744 748 752 756 760 762 764 768 772 776 780 784 788 792 795 796 798 800 804 807 818 826 831 832 833 834 840 850 854 858 860 862 876 882 887 894'.split(
    ' ',
  ),
);

/** The digits of an Electronic ID as typed: spaces and dashes between groups dropped ('982 000…'). */
export const electronicIdDigits = (text: string) => text.replace(/[\s-]+/g, '');

/**
 * Why a (digits-only) Electronic ID is not one, or null when it is: 15 digits, the first three a
 * country's ISO 3166 numeric code or a manufacturer's code (900–998; 999 marks test tags).
 */
export function electronicIdProblem(digits: string): string | null {
  if (!/^[0-9]{15}$/.test(digits)) return 'An Electronic ID is 15 digits';
  const code = digits.slice(0, 3);
  const number = Number(code);
  if (number >= 900 && number <= 998) return null;
  if (countryCodes.has(code)) return null;
  return `An Electronic ID starts with a country code (ISO 3166) or a manufacturer code (900–998), not ${code}`;
}

/**
 * A tag as lookups compare it: any case, without spaces or dashes, so that 'g103' finds 'G-103'
 * (the database's index expression in migration 0038 is the same).
 */
export const tagKey = (tag: string) => tag.replace(/[\s-]+/g, '').toLowerCase();
