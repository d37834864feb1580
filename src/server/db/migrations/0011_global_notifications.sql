CREATE TABLE `global_notification_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`is_enabled` integer DEFAULT true NOT NULL,
	`trigger_path` text NOT NULL,
	`trigger_events` text NOT NULL,
	`to_email` text,
	`slack_channels` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `global_notification_settings_path_idx` ON `global_notification_settings` (`trigger_path`);--> statement-breakpoint
CREATE TABLE `update_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`path_pattern` text NOT NULL,
	`channel` text NOT NULL,
	`creator_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
