/** The business time zone (spec: default America/Boise; "Mountain time"). */
export const BUSINESS_TIME_ZONE = "America/Boise";
