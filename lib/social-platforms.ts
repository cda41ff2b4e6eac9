// The platforms of a company profile's social_links (spec 2.6), in the spec's order: the one
// list the serializer, website enrichment and operator imports share.
export const SOCIAL_PLATFORMS = [
  'linkedin', 'twitter', 'facebook', 'instagram', 'youtube', 'github', 'g2', 'the service', 'angellist', 'tiktok',
  'glassdoor', 'xing', 'threads', 'bluesky', 'pinterest', 'vimeo', 'medium', 'kununu', 'trustpilot', 'indeed', 'mastodon',
] as const;

export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
