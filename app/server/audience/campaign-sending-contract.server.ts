/**
 * What the campaign screen and service use of the sending engine, in one place
 * (decision 038): the letters were built beside the sender against this contract.
 */
export {
  startCampaignSend,
  resendUnknown,
  campaignProgress,
  type RenderCampaign,
} from "./campaign-sending.server";
export { countAudience } from "./campaign-audience.server";
