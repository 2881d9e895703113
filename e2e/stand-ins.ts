/**
 * Local stand-ins the portal under test reaches (never the internet). The ActiveCampaign stand-in listens on a fixed
 * port next to the portal's, so playwright.config.ts can give it to the portal as ACTIVECAMPAIGN_URL: the operator's
 * address, trusted as given (an address an admin types must be https to a public address).
 */
export const activeCampaignStandInPort = Number(process.env.E2E_PORT ?? 4310) + 100;
export const activeCampaignStandInUrl = `http://127.0.0.1:${activeCampaignStandInPort}`;
