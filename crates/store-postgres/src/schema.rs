// @generated automatically by Diesel CLI.

diesel::table! {
    account_login_attempts (account) {
        account -> Text,
        failures -> Int4,
        window_started_at -> Timestamptz,
    }
}

diesel::table! {
    admin_invitations (id) {
        id -> Uuid,
        email -> Text,
        name -> Text,
        role -> Text,
        token_hash -> Text,
        invited_by -> Nullable<Uuid>,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        accepted_at -> Nullable<Timestamptz>,
        revoked_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    admin_passkeys (id) {
        id -> Uuid,
        admin_id -> Uuid,
        credential_id -> Text,
        name -> Text,
        passkey -> Jsonb,
        created_at -> Timestamptz,
        last_used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    admin_password_resets (id) {
        id -> Uuid,
        admin_id -> Uuid,
        token_hash -> Text,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    admin_recovery_codes (id) {
        id -> Uuid,
        admin_id -> Uuid,
        code_hash -> Text,
        created_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    admin_sessions (id) {
        id -> Uuid,
        admin_id -> Uuid,
        created_at -> Timestamptz,
        last_seen_at -> Timestamptz,
        expires_at -> Timestamptz,
        ended_at -> Nullable<Timestamptz>,
        user_agent -> Text,
        client_address -> Text,
    }
}

diesel::table! {
    admin_sign_in_challenges (id) {
        id -> Uuid,
        secret_hash -> Text,
        purpose -> Text,
        admin_id -> Nullable<Uuid>,
        state -> Nullable<Jsonb>,
        failed_attempts -> Int4,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
    }
}

diesel::table! {
    admin_totp (admin_id) {
        admin_id -> Uuid,
        secret -> Text,
        created_at -> Timestamptz,
        confirmed_at -> Nullable<Timestamptz>,
        last_used_step -> Nullable<Int8>,
    }
}

diesel::table! {
    admin_users (id) {
        id -> Uuid,
        email -> Text,
        password -> Text,
        name -> Text,
        is_active -> Bool,
        created_at -> Timestamptz,
        last_login -> Nullable<Timestamptz>,
        session_version -> Int4,
        role -> Text,
        two_factor -> Bool,
        can_read_intake -> Bool,
    }
}

diesel::table! {
    app_settings (key) {
        key -> Text,
        value -> Text,
    }
}

diesel::table! {
    audit_log (id) {
        id -> Uuid,
        at -> Timestamptz,
        actor_id -> Nullable<Uuid>,
        actor -> Text,
        entity -> Text,
        entity_id -> Nullable<Uuid>,
        action -> Text,
        summary -> Text,
    }
}

diesel::table! {
    availability (id) {
        id -> Uuid,
        service_id -> Nullable<Uuid>,
        accommodation_type -> Nullable<Text>,
        date -> Date,
        time_slot -> Nullable<Text>,
        max_capacity -> Int4,
        current_bookings -> Int4,
        is_blocked -> Bool,
        block_reason -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    blackout_dates (id) {
        id -> Uuid,
        start_date -> Date,
        end_date -> Date,
        #[sql_name = "type"]
        type_ -> Text,
        reason -> Nullable<Text>,
        created_by -> Nullable<Uuid>,
        created_at -> Timestamptz,
        import_id -> Nullable<Uuid>,
    }
}

diesel::table! {
    blog_posts (id) {
        id -> Uuid,
        title -> Text,
        slug -> Text,
        excerpt -> Text,
        content -> Text,
        image -> Text,
        published_at -> Timestamptz,
    }
}

diesel::table! {
    booking_counts (service, status) {
        service -> Text,
        status -> Text,
        bookings -> Int8,
    }
}

diesel::table! {
    booking_reminders (booking_id, kind, visit_date, visit_time) {
        booking_id -> Uuid,
        kind -> Text,
        visit_date -> Date,
        visit_time -> Text,
        asked -> Bool,
        sent_at -> Timestamptz,
    }
}

diesel::table! {
    booking_schedule (id) {
        id -> Bool,
        massage_capacity -> Nullable<Int4>,
        spa_capacity -> Nullable<Int4>,
        package_capacity -> Nullable<Int4>,
        accommodation_capacity -> Nullable<Int4>,
        open_times -> Array<Nullable<Text>>,
        minimum_notice_hours -> Int4,
        horizon_days -> Nullable<Int4>,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    bookings (id) {
        id -> Uuid,
        first_name -> Text,
        last_name -> Text,
        email -> Text,
        service -> Text,
        date -> Date,
        time -> Text,
        notes -> Nullable<Text>,
        status -> Text,
        created_at -> Timestamptz,
        check_out -> Nullable<Date>,
        deposit_state -> Text,
        deposit_amount -> Nullable<Numeric>,
        deposit_refunded -> Numeric,
        deposit_customer -> Nullable<Text>,
        deposit_method -> Nullable<Text>,
        deposit_error -> Nullable<Text>,
        discount -> Numeric,
        promo_code_id -> Nullable<Uuid>,
        promo_code -> Nullable<Text>,
        gift_card_id -> Nullable<Uuid>,
        gift_card_amount -> Numeric,
        gift_card_last_four -> Nullable<Text>,
        search_text -> Text,
        moves -> Int4,
        guest_moves -> Int4,
        guest_confirmed_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    calendar_feeds (admin_id) {
        admin_id -> Uuid,
        key -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    contact_message_replies (id) {
        id -> Uuid,
        message_id -> Uuid,
        body -> Text,
        sent_by -> Text,
        outbox_id -> Nullable<Uuid>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    contact_messages (id) {
        id -> Uuid,
        first_name -> Text,
        last_name -> Text,
        email -> Text,
        interest -> Nullable<Text>,
        message -> Text,
        created_at -> Timestamptz,
        read_at -> Nullable<Timestamptz>,
        answered_at -> Nullable<Timestamptz>,
        search_text -> Text,
    }
}

diesel::table! {
    dashboard_revenue_hours (hour) {
        hour -> Timestamptz,
        revenue -> Numeric,
    }
}

diesel::table! {
    dashboard_totals (id) {
        id -> Bool,
        orders -> Int8,
        order_revenue -> Numeric,
        bookings -> Int8,
        contact_messages -> Int8,
        newsletter_subscriptions -> Int8,
        orders_pending -> Int8,
        bookings_pending -> Int8,
        messages_new -> Int8,
        messages_unanswered -> Int8,
        money_received -> Numeric,
        orders_unpaid -> Int8,
        orders_pending_unpaid -> Int8,
    }
}

diesel::table! {
    follow_up_opt_outs (email) {
        email -> Text,
        at -> Timestamptz,
    }
}

diesel::table! {
    gift_card_ledger (id) {
        id -> Uuid,
        card_id -> Uuid,
        kind -> Text,
        amount -> Numeric,
        balance_after -> Numeric,
        order_id -> Nullable<Uuid>,
        booking_id -> Nullable<Uuid>,
        note -> Nullable<Text>,
        actor -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    gift_cards (id) {
        id -> Uuid,
        code_hash -> Nullable<Bytea>,
        last_four -> Nullable<Text>,
        kind -> Text,
        amount -> Numeric,
        balance -> Numeric,
        state -> Text,
        label -> Nullable<Text>,
        recipient_name -> Text,
        recipient_email -> Text,
        from_name -> Text,
        buyer_email -> Nullable<Text>,
        message -> Nullable<Text>,
        deliver_on -> Date,
        expires_on -> Nullable<Date>,
        order_id -> Nullable<Uuid>,
        void_reason -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    idempotency_keys (operation, key) {
        operation -> Text,
        key -> Text,
        fingerprint -> Text,
        resource_id -> Nullable<Uuid>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    intake_answers (id) {
        id -> Uuid,
        booking_id -> Nullable<Uuid>,
        email -> Text,
        service -> Text,
        form -> Jsonb,
        answers -> Jsonb,
        signature -> Nullable<Text>,
        needs_review -> Bool,
        unchanged -> Bool,
        signed_at -> Timestamptz,
    }
}

diesel::table! {
    intake_forms (service) {
        service -> Text,
        title -> Text,
        introduction -> Text,
        questions -> Jsonb,
        version -> Int4,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    intake_settings (id) {
        id -> Bool,
        lock_hours -> Int4,
        keep_months -> Int4,
        purged_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    login_attempts (client) {
        client -> Text,
        failures -> Int4,
        window_started_at -> Timestamptz,
    }
}

diesel::table! {
    media_files (id) {
        id -> Uuid,
        name -> Text,
        kind -> Text,
        byte_size -> Int8,
        width -> Nullable<Int4>,
        height -> Nullable<Int4>,
        original_name -> Text,
        uploaded_by -> Nullable<Uuid>,
        uploaded_at -> Timestamptz,
    }
}

diesel::table! {
    money_movements (id) {
        id -> Uuid,
        at -> Timestamptz,
        source -> Text,
        amount -> Numeric,
        payment_id -> Nullable<Uuid>,
        refund_id -> Nullable<Uuid>,
        order_id -> Nullable<Uuid>,
        booking_id -> Nullable<Uuid>,
        gift_card_id -> Nullable<Uuid>,
    }
}

diesel::table! {
    newsletter_subscriptions (id) {
        id -> Uuid,
        email -> Text,
        created_at -> Timestamptz,
        search_text -> Text,
    }
}

diesel::table! {
    order_counts_by_day (day, status, unpaid) {
        day -> Timestamptz,
        status -> Text,
        orders -> Int8,
        unpaid -> Bool,
    }
}

diesel::table! {
    order_counts_by_hour (hour, status, unpaid) {
        hour -> Timestamptz,
        status -> Text,
        orders -> Int8,
        unpaid -> Bool,
    }
}

diesel::table! {
    orders (id) {
        id -> Uuid,
        first_name -> Text,
        last_name -> Text,
        email -> Text,
        phone -> Nullable<Text>,
        address -> Text,
        city -> Text,
        state -> Text,
        zip -> Text,
        items -> Jsonb,
        subtotal -> Numeric,
        tax -> Numeric,
        shipping -> Numeric,
        total -> Numeric,
        status -> Text,
        created_at -> Timestamptz,
        payment_state -> Text,
        payment_refunded -> Numeric,
        payment_error -> Nullable<Text>,
        discount -> Numeric,
        promo_code_id -> Nullable<Uuid>,
        promo_code -> Nullable<Text>,
        gift_card_id -> Nullable<Uuid>,
        gift_card_amount -> Numeric,
        gift_card_last_four -> Nullable<Text>,
        search_text -> Text,
        kind -> Text,
    }
}

diesel::table! {
    outbox_attempts (id) {
        id -> Uuid,
        message_id -> Uuid,
        attempted_at -> Timestamptz,
        sent -> Bool,
        reply -> Text,
    }
}

diesel::table! {
    outbox_messages (id) {
        id -> Uuid,
        template -> Text,
        recipient -> Text,
        subject -> Text,
        text_body -> Text,
        html_body -> Text,
        calendar_method -> Nullable<Text>,
        calendar_ics -> Nullable<Text>,
        list_unsubscribe -> Nullable<Text>,
        related_id -> Nullable<Uuid>,
        state -> Text,
        attempts -> Int4,
        next_attempt_at -> Timestamptz,
        last_error -> Nullable<Text>,
        created_at -> Timestamptz,
        sent_at -> Nullable<Timestamptz>,
        search_text -> Text,
    }
}

diesel::table! {
    payment_events (event_id) {
        event_id -> Text,
        kind -> Text,
        provider_id -> Nullable<Text>,
        received_at -> Timestamptz,
    }
}

diesel::table! {
    payments (id) {
        id -> Uuid,
        order_id -> Nullable<Uuid>,
        booking_id -> Nullable<Uuid>,
        amount -> Numeric,
        provider_id -> Nullable<Text>,
        status -> Text,
        error -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    privacy_requests (id) {
        id -> Uuid,
        email -> Text,
        kind -> Text,
        created_at -> Timestamptz,
        confirmed_at -> Nullable<Timestamptz>,
        done_at -> Nullable<Timestamptz>,
        done_by -> Nullable<Text>,
    }
}

diesel::table! {
    product_media (id) {
        id -> Uuid,
        product_id -> Uuid,
        url -> Text,
        #[sql_name = "type"]
        type_ -> Text,
        title -> Nullable<Text>,
        sort_order -> Int4,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    products (id) {
        id -> Uuid,
        name -> Text,
        category -> Text,
        price -> Numeric,
        description -> Text,
        image -> Text,
        stock -> Nullable<Int4>,
    }
}

diesel::table! {
    promo_codes (id) {
        id -> Uuid,
        code -> Text,
        percent_off -> Nullable<Int2>,
        amount_off -> Nullable<Numeric>,
        applies_to -> Text,
        min_subtotal -> Nullable<Numeric>,
        starts_on -> Nullable<Date>,
        ends_on -> Nullable<Date>,
        max_uses -> Nullable<Int4>,
        max_uses_per_guest -> Nullable<Int4>,
        product_ids -> Array<Nullable<Uuid>>,
        service_ids -> Array<Nullable<Uuid>>,
        active -> Bool,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    public_write_counts (client) {
        client -> Text,
        writes -> Int4,
        started_at -> Timestamptz,
    }
}

diesel::table! {
    ratings (id) {
        id -> Uuid,
        booking_id -> Nullable<Uuid>,
        service_key -> Text,
        stars -> Int2,
        comment -> Nullable<Text>,
        may_quote -> Bool,
        author -> Text,
        email -> Text,
        visited_on -> Date,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        reply -> Nullable<Text>,
        replied_at -> Nullable<Timestamptz>,
        hidden_rule -> Nullable<Text>,
        hidden_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    refunds (id) {
        id -> Uuid,
        payment_id -> Uuid,
        amount -> Numeric,
        provider_id -> Nullable<Text>,
        status -> Text,
        reason -> Nullable<Text>,
        created_by -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    services (id) {
        id -> Uuid,
        name -> Text,
        description -> Text,
        price -> Numeric,
        duration -> Int4,
        image -> Text,
        booking_key -> Nullable<Text>,
        deposit_amount -> Nullable<Numeric>,
        deposit_percent -> Nullable<Int2>,
        aftercare -> Nullable<Text>,
        return_after_days -> Nullable<Int4>,
    }
}

diesel::table! {
    stay_imports (id) {
        id -> Uuid,
        name -> Text,
        url -> Text,
        created_at -> Timestamptz,
        attempted_at -> Nullable<Timestamptz>,
        synced_at -> Nullable<Timestamptz>,
        nights -> Int4,
        last_error -> Nullable<Text>,
    }
}

diesel::table! {
    stay_sync_settings (id) {
        id -> Bool,
        every_minutes -> Int4,
    }
}

diesel::table! {
    visit_follow_ups (booking_id, kind) {
        booking_id -> Uuid,
        kind -> Text,
        sent_at -> Timestamptz,
    }
}

diesel::table! {
    visit_settings (id) {
        id -> Bool,
        free_moves -> Int4,
        updated_at -> Timestamptz,
        reminders_on -> Bool,
        treatment_first_hours -> Int4,
        treatment_morning_of -> Bool,
        stay_first_days -> Int4,
        stay_second_days -> Int4,
        quiet_from_hour -> Int4,
        quiet_until_hour -> Int4,
        reminders_checked_at -> Nullable<Timestamptz>,
        follow_ups_checked_at -> Nullable<Timestamptz>,
        offer_hold_minutes -> Int4,
    }
}

diesel::table! {
    waitlist_entries (id) {
        id -> Uuid,
        service -> Text,
        first_name -> Text,
        last_name -> Text,
        email -> Text,
        wishes -> Jsonb,
        state -> Text,
        created_at -> Timestamptz,
        ended_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    waitlist_offers (id) {
        id -> Uuid,
        entry_id -> Uuid,
        service -> Text,
        date -> Date,
        check_out -> Nullable<Date>,
        time -> Text,
        held_until -> Timestamptz,
        state -> Text,
        created_at -> Timestamptz,
    }
}

diesel::joinable!(admin_invitations -> admin_users (invited_by));
diesel::joinable!(admin_passkeys -> admin_users (admin_id));
diesel::joinable!(admin_password_resets -> admin_users (admin_id));
diesel::joinable!(admin_recovery_codes -> admin_users (admin_id));
diesel::joinable!(admin_sessions -> admin_users (admin_id));
diesel::joinable!(admin_sign_in_challenges -> admin_users (admin_id));
diesel::joinable!(admin_totp -> admin_users (admin_id));
diesel::joinable!(audit_log -> admin_users (actor_id));
diesel::joinable!(availability -> services (service_id));
diesel::joinable!(blackout_dates -> admin_users (created_by));
diesel::joinable!(blackout_dates -> stay_imports (import_id));
diesel::joinable!(booking_reminders -> bookings (booking_id));
diesel::joinable!(bookings -> gift_cards (gift_card_id));
diesel::joinable!(bookings -> promo_codes (promo_code_id));
diesel::joinable!(calendar_feeds -> admin_users (admin_id));
diesel::joinable!(contact_message_replies -> contact_messages (message_id));
diesel::joinable!(contact_message_replies -> outbox_messages (outbox_id));
diesel::joinable!(gift_card_ledger -> gift_cards (card_id));
diesel::joinable!(gift_card_ledger -> orders (order_id));
diesel::joinable!(intake_answers -> bookings (booking_id));
diesel::joinable!(media_files -> admin_users (uploaded_by));
diesel::joinable!(money_movements -> payments (payment_id));
diesel::joinable!(money_movements -> refunds (refund_id));
diesel::joinable!(orders -> promo_codes (promo_code_id));
diesel::joinable!(outbox_attempts -> outbox_messages (message_id));
diesel::joinable!(payments -> orders (order_id));
diesel::joinable!(product_media -> products (product_id));
diesel::joinable!(ratings -> bookings (booking_id));
diesel::joinable!(refunds -> payments (payment_id));
diesel::joinable!(visit_follow_ups -> bookings (booking_id));
diesel::joinable!(waitlist_offers -> waitlist_entries (entry_id));

diesel::allow_tables_to_appear_in_same_query!(
    account_login_attempts,
    admin_invitations,
    admin_passkeys,
    admin_password_resets,
    admin_recovery_codes,
    admin_sessions,
    admin_sign_in_challenges,
    admin_totp,
    admin_users,
    app_settings,
    audit_log,
    availability,
    blackout_dates,
    blog_posts,
    booking_counts,
    booking_reminders,
    booking_schedule,
    bookings,
    calendar_feeds,
    contact_message_replies,
    contact_messages,
    dashboard_revenue_hours,
    dashboard_totals,
    follow_up_opt_outs,
    gift_card_ledger,
    gift_cards,
    idempotency_keys,
    intake_answers,
    intake_forms,
    intake_settings,
    login_attempts,
    media_files,
    money_movements,
    newsletter_subscriptions,
    order_counts_by_day,
    order_counts_by_hour,
    orders,
    outbox_attempts,
    outbox_messages,
    payment_events,
    payments,
    privacy_requests,
    product_media,
    products,
    promo_codes,
    public_write_counts,
    ratings,
    refunds,
    services,
    stay_imports,
    stay_sync_settings,
    visit_follow_ups,
    visit_settings,
    waitlist_entries,
    waitlist_offers,
);
