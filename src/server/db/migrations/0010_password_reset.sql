CREATE TABLE `password_reset_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_orders_token_idx` ON `password_reset_orders` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_reset_orders_user_idx` ON `password_reset_orders` (`user_id`);