// Where each page's social card (its og:image) is published, and whether this build makes them.

/** FOLIO_SOCIAL_CARDS=0 builds without cards (quick previews): pages then carry no og:image. */
export const socialCardsEnabled = () => process.env.FOLIO_SOCIAL_CARDS !== '0';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** `/` → `/og/index.png`, `/projects/quarry` → `/og/projects/quarry.png`. */
export const cardPathOf = (pagePath: string) => `/og${pagePath === '/' ? '/index' : pagePath}.png`;
